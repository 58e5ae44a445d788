/**
 * Why the ECZ points may differ from the letter grade beside them
 * (docs/decisions/0043-ecz-points-beside-the-band.md): one text for the quiz and My progress.
 */
export function EczNote({ className }: { className: string }) {
  return (
    <p className={className}>
      ECZ points are approximate: ECZ sets its grade boundaries each year, and this uses the scale
      usually published. They are not the letter grade: that counts under 50% as a fail, while ECZ
      counts 40% and more as a pass.
    </p>
  );
}

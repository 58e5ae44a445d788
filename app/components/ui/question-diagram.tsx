export function QuestionDiagram({ diagram }: { diagram?: { alt: string; svg: string } | null }) {
  if (!diagram) return null;
  return (
    <div
      className="question__diagram"
      role="img"
      aria-label={diagram.alt}
      // Checked-in drawings that passed the SVG allow-list (docs/security.md#input).
      dangerouslySetInnerHTML={{ __html: diagram.svg }}
    />
  );
}

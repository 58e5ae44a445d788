#!/usr/bin/env bash
# make-sample-media.sh — builds the small sample media files in content/media/.
#
# Requires: espeak-ng and ffmpeg (with ffprobe, libvpx-vp9, libopus and
# drawtext/libfreetype), plus the DejaVu fonts. On Debian:
#   apt-get install -y espeak-ng ffmpeg fonts-dejavu-core
#
# Outputs (all deliberately tiny, for students who pay for every megabyte):
#   algebra-part-1.webm … algebra-part-4.webm
#       426x240 VP9 slideshow (still text slides) + Opus mono 20 kbit/s
#       narration, 40–60 s each, < 400 KB each.
#   mindset-change.ogg, the-importance-of-planning.ogg
#       Ogg Opus, mono, 20 kbit/s, 60–90 s each, < 250 KB each.
#
# Each video slide is given its own piece of narration, so what is on screen
# always matches what is being said. A slide lasts as long as its narration
# plus a short pause (never less than 10 s, never more than 15 s); the script
# stops with an error if a slide, a video or a podcast is too long or short.
#
# Output is reproducible: espeak-ng is deterministic, and ffmpeg is run with
# bitexact flags, a single encoder thread and no timestamps or random IDs.
#
# Usage: scripts/make-sample-media.sh     (run from anywhere)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/content/media"
mkdir -p "$OUT"

for tool in espeak-ng ffmpeg ffprobe; do
  command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 1; }
done

FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
FONT_BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
for f in "$FONT" "$FONT_BOLD"; do
  [[ -f $f ]] || { echo "error: font $f not found (install fonts-dejavu-core)" >&2; exit 1; }
done

VOICE=en-gb       # espeak-ng voice
SPEED=150         # words per minute
AUDIO_KBPS=20k    # Opus bitrate (mono)
W=426 H=240       # video size
BG=0x0b6e4f       # StudyZed dark green
FPS=10

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

FF=(ffmpeg -nostdin -hide_banner -loglevel error -y)
# Flags that keep the output byte-for-byte reproducible.
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -threads 1)

duration() {  # duration in seconds of a media file
  ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$1"
}

# speak TEXT OUT.wav — narrate TEXT to a mono 48 kHz WAV file.
speak() {
  local txt="$WORK/speak.txt"
  printf '%s\n' "$1" >"$txt"
  espeak-ng -v "$VOICE" -s "$SPEED" -w "$WORK/speak-raw.wav" -f "$txt"
  "${FF[@]}" -i "$WORK/speak-raw.wav" -af aresample=48000 -ac 1 -c:a pcm_s16le "$2"
}

# silence SECONDS OUT.wav
silence() {
  "${FF[@]}" -f lavfi -i "anullsrc=r=48000:cl=mono" -t "$1" -c:a pcm_s16le "$2"
}

# ---------------------------------------------------------------- video ----
LESSON=""      # e.g. algebra-part-1
SLIDE_N=0
TOTAL=0

begin_lesson() {
  LESSON="$1"
  SLIDE_N=0
  TOTAL=0
  : >"$WORK/$LESSON-video.txt"
  : >"$WORK/$LESSON-audio.txt"
}

# slide NARRATION HEADING [LINE...]
# Draws HEADING (bold) and up to five centred LINEs on the green background,
# and narrates NARRATION while the slide is shown.
slide() {
  local narration="$1" heading="$2"
  shift 2
  SLIDE_N=$((SLIDE_N + 1))
  local base="$WORK/$LESSON-s$SLIDE_N"

  # Rough guard against text running off the 426 px wide slide.
  local l
  (( ${#heading} <= 26 )) || { echo "error: heading too long: $heading" >&2; exit 1; }
  for l in "$@"; do
    (( ${#l} <= 34 )) || { echo "error: slide line too long: $l" >&2; exit 1; }
  done
  (( $# <= 5 )) || { echo "error: too many lines on $LESSON slide $SLIDE_N" >&2; exit 1; }

  # Narration: 0.3 s lead-in, then speech, then silence to the slide's end.
  speak "$narration" "$base-speech.wav"
  local speech dur
  speech="$(duration "$base-speech.wav")"
  # slide length = lead-in + speech + 0.6 s, rounded up to 0.5 s, minimum 10 s
  dur="$(awk -v s="$speech" 'BEGIN { d = int((s + 0.9) * 2 + 0.999) / 2; if (d < 10) d = 10; print d }')"
  if awk -v d="$dur" 'BEGIN { exit !(d > 15) }'; then
    echo "error: $LESSON slide $SLIDE_N narration is too long (${speech}s)" >&2
    exit 1
  fi
  echo "  $LESSON slide $SLIDE_N: speech ${speech}s, slide ${dur}s"
  "${FF[@]}" -i "$base-speech.wav" \
    -af "adelay=300,apad=whole_dur=$dur" -t "$dur" -c:a pcm_s16le "$base.wav"
  echo "file '$base.wav'" >>"$WORK/$LESSON-audio.txt"
  TOTAL="$(awk -v a="$TOTAL" -v b="$dur" 'BEGIN { print a + b }')"

  # Picture: heading at the top, a thin rule, body lines centred below it.
  printf '%s' "$heading" >"$base-h.txt"
  local vf="drawtext=fontfile=$FONT_BOLD:textfile=$base-h.txt:expansion=none:fontcolor=white:fontsize=24:x=(w-text_w)/2:y=20"
  vf+=",drawbox=x=40:y=56:w=$((W - 80)):h=2:color=white@0.6:t=fill"
  local n=$# i=0 line y0
  y0=$((62 + (158 - n * 30) / 2))
  for line in "$@"; do
    printf '%s' "$line" >"$base-l$i.txt"
    vf+=",drawtext=fontfile=$FONT:textfile=$base-l$i.txt:expansion=none:fontcolor=white:fontsize=19:x=(w-text_w)/2:y=$((y0 + i * 30))"
    i=$((i + 1))
  done
  vf+=",drawtext=fontfile=$FONT:text=StudyZed sample:expansion=none:fontcolor=white@0.7:fontsize=12:x=w-text_w-8:y=h-text_h-6"
  "${FF[@]}" -f lavfi -i "color=c=$BG:s=${W}x${H}" -vf "$vf" -frames:v 1 "$base.png"
  printf "file '%s'\nduration %s\n" "$base.png" "$dur" >>"$WORK/$LESSON-video.txt"
  LAST_PNG="$base.png"
}

end_lesson() {
  local title="$1" out="$OUT/$LESSON.webm"
  # The concat demuxer needs the last image listed again for its duration to count.
  echo "file '$LAST_PNG'" >>"$WORK/$LESSON-video.txt"
  if awk -v t="$TOTAL" 'BEGIN { exit !(t < 40 || t > 60) }'; then
    echo "error: $LESSON would be ${TOTAL}s long (want 40–60 s)" >&2
    exit 1
  fi
  "${FF[@]}" \
    -f concat -safe 0 -i "$WORK/$LESSON-video.txt" \
    -f concat -safe 0 -i "$WORK/$LESSON-audio.txt" \
    -map 0:v -map 1:a -t "$TOTAL" \
    -vf "fps=$FPS,format=yuv420p" \
    -c:v libvpx-vp9 -b:v 0 -crf 36 -g $((FPS * 15)) -deadline good -cpu-used 1 -row-mt 0 \
    -c:a libopus -b:a "$AUDIO_KBPS" -ac 1 -application voip \
    "${BITEXACT[@]}" \
    -metadata title="$title" -metadata artist="StudyZed" \
    "$out"
  echo "wrote $out (${TOTAL}s)"
}

# -------------------------------------------------------------- podcast ----
# podcast FILE TITLE PARAGRAPH... — paragraphs are joined by short pauses.
podcast() {
  local file="$1" title="$2"
  shift 2
  local list="$WORK/$file-audio.txt" i=0 p
  : >"$list"
  silence 0.4 "$WORK/$file-lead.wav"
  silence 0.7 "$WORK/$file-gap.wav"
  silence 1.0 "$WORK/$file-tail.wav"
  echo "file '$WORK/$file-lead.wav'" >>"$list"
  for p in "$@"; do
    [[ $i -gt 0 ]] && echo "file '$WORK/$file-gap.wav'" >>"$list"
    speak "$p" "$WORK/$file-p$i.wav"
    echo "file '$WORK/$file-p$i.wav'" >>"$list"
    i=$((i + 1))
  done
  echo "file '$WORK/$file-tail.wav'" >>"$list"
  "${FF[@]}" -f concat -safe 0 -i "$list" -c:a pcm_s16le "$WORK/$file.wav"
  local total
  total="$(duration "$WORK/$file.wav")"
  if awk -v t="$total" 'BEGIN { exit !(t < 60 || t > 90) }'; then
    echo "error: $file would be ${total}s long (want 60–90 s)" >&2
    exit 1
  fi
  "${FF[@]}" -i "$WORK/$file.wav" \
    -c:a libopus -b:a "$AUDIO_KBPS" -ac 1 -application voip \
    "${BITEXACT[@]}" \
    -metadata title="$title" -metadata artist="StudyZed" \
    "$OUT/$file"
  echo "wrote $OUT/$file (${total}s)"
}

# ====================================================== algebra lessons ====

begin_lesson algebra-part-1
slide "This is a sample lesson from StudyZed. Algebra, part one: expressions, like terms, and substitution." \
  "Algebra Part 1" "Sample lesson — StudyZed" "Expressions, like terms" "and substitution"
slide "An expression uses letters to stand for numbers. In three x plus five, x is the variable, three is the coefficient of x, and five is the constant." \
  "Algebraic expressions" "3x + 5" "x is the variable" "3 is the coefficient of x" "5 is the constant"
slide "Like terms have the same letter and the same power. Three x and two x are like terms, so we can collect them: three x plus two x equals five x." \
  "Like terms" "Same letter, same power" "3x and 2x are like terms" "3x + 2x = 5x"
slide "Three x and two y are not like terms. In four m plus three n plus two m minus n, collect the m terms and the n terms, to get six m plus two n." \
  "Collecting like terms" "3x and 2y are not like terms" "4m + 3n + 2m − n" "= 6m + 2n"
slide "To substitute, replace the letter with its value. If x equals two, three x plus one is three times two, plus one, which is six plus one: seven." \
  "Substitution" "If x = 2:" "3x + 1 = 3 × 2 + 1" "= 6 + 1" "= 7"
end_lesson "Algebra Part 1 — Sample lesson — StudyZed"

begin_lesson algebra-part-2
slide "This is a sample lesson from StudyZed. Algebra, part two: expanding brackets, and factorising." \
  "Algebra Part 2" "Sample lesson — StudyZed" "Expanding brackets" "and factorising"
slide "To expand, multiply each term inside the bracket by the number outside. Two, bracket x plus three, is two times x plus two times three, which is two x plus six." \
  "Expanding brackets" "Multiply each term inside" "by the number outside" "2(x + 3) = 2 × x + 2 × 3" "= 2x + 6"
slide "Factorising is the reverse of expanding. Four x and eight can both be divided by four, so four is a common factor. Four x plus eight equals four, bracket x plus two." \
  "Factorising" "The reverse of expanding" "4x + 8: common factor is 4" "4x + 8 = 4(x + 2)"
slide "Check by expanding. Four times x is four x, and four times two is eight. So four, bracket x plus two, gives back four x plus eight." \
  "Check by expanding" "4(x + 2) = 4 × x + 4 × 2" "= 4x + 8 ✓"
end_lesson "Algebra Part 2 — Sample lesson — StudyZed"

begin_lesson algebra-part-3
slide "This is a sample lesson from StudyZed. Algebra, part three: solving linear equations." \
  "Algebra Part 3" "Sample lesson — StudyZed" "Solving linear equations"
slide "An equation is like a balance. Whatever you do to one side, you must do to the other. Let us solve two x plus three equals eleven." \
  "An equation is a balance" "Do the same to both sides" "Solve: 2x + 3 = 11"
slide "First, subtract three from both sides. On the left, three minus three leaves two x. On the right, eleven minus three is eight. So two x equals eight." \
  "Step 1" "2x + 3 = 11" "Subtract 3 from both sides" "2x = 8"
slide "Next, divide both sides by two. Two x divided by two is x, and eight divided by two is four. So x equals four." \
  "Step 2" "2x = 8" "Divide both sides by 2" "x = 4"
slide "Now check. Put x equals four back in. Two times four, plus three, is eight plus three, which is eleven. Both sides are equal, so x equals four is correct." \
  "Check the answer" "Put x = 4 into 2x + 3" "2 × 4 + 3 = 8 + 3 = 11 ✓" "So x = 4 is correct"
end_lesson "Algebra Part 3 — Sample lesson — StudyZed"

begin_lesson algebra-part-4
slide "This is a sample lesson from StudyZed. Algebra, part four: simultaneous equations, by elimination." \
  "Algebra Part 4" "Sample lesson — StudyZed" "Simultaneous equations" "by elimination"
slide "Simultaneous equations have two unknowns. Equation one: x plus y equals seven. Equation two: x minus y equals one. We need x and y that make both true." \
  "Simultaneous equations" "(1)   x + y = 7" "(2)   x − y = 1" "Find x and y"
slide "Add the two equations together. Plus y and minus y cancel out, so y is eliminated. This leaves two x equals eight, so x equals four." \
  "Add (1) and (2)" "(x + y) + (x − y) = 7 + 1" "2x = 8" "x = 4"
slide "Now substitute x equals four into equation one. Four plus y equals seven. Subtract four from both sides, so y equals three." \
  "Substitute x = 4 into (1)" "4 + y = 7" "y = 3"
slide "Check in equation two. Four minus three is one, which is correct. So the solution is x equals four, and y equals three." \
  "Check in (2)" "4 − 3 = 1 ✓" "Solution: x = 4, y = 3"
end_lesson "Algebra Part 4 — Sample lesson — StudyZed"

# ============================================================= podcasts ====

podcast mindset-change.ogg "Mindset Change" \
  "This is a sample podcast from StudyZed. Welcome to Mindset Change." \
  "When exams are close, it is easy to think: I am just not clever enough. Today I want to share a different way of thinking. It is called a growth mindset. It means believing that your ability can grow." \
  "Mistakes are how we learn. A wrong answer is not a sign that you have failed. It shows you exactly what to practise next." \
  "Effort grows ability. Your brain is a little like a muscle: it gets stronger when you work it. The students who improve most are often not the ones who found it easy. They are the ones who kept going." \
  "So try this small change. When you hear yourself say, I can't do this, add one word: yet. I can't do this, yet." \
  "Here is one practical tip. Keep a mistakes notebook. Each time you get a question wrong, write down the question, the correct method, and what you will do next time. Read it again before your exam." \
  "You can do more than you think. Keep going. Thank you for listening."

podcast the-importance-of-planning.ogg "The importance of planning" \
  "This is a sample podcast from StudyZed. Welcome to The importance of planning." \
  "When exams are coming, it can feel as if there is too much to learn. A plan turns one big worry into small steps that you can manage." \
  "Start with a weekly timetable. Write in your school hours and your jobs at home, then choose your revision times. Give every subject a place, and give more time to the subjects you find hardest." \
  "Next, set small daily goals. Instead of writing, revise maths, write: do ten questions on linear equations. Small goals are clear, and ticking them off feels good." \
  "Use past papers. They show you the kind of questions that come up, and how marks are given. Try them with a timer, then mark your work and learn from your mistakes." \
  "Finally, plan time to rest. Short breaks help you to concentrate, and sleep helps your brain to remember what you studied. Staying up all night before an exam does more harm than good." \
  "Make your plan this week, and change it as you go. Thank you for listening."

# Size budget: videos under 400 KB, podcasts under 250 KB.
for f in "$OUT"/algebra-part-{1..4}.webm "$OUT"/mindset-change.ogg "$OUT"/the-importance-of-planning.ogg; do
  size=$(stat -c %s "$f")
  limit=$([[ $f == *.webm ]] && echo 409600 || echo 256000)
  (( size < limit )) || { echo "error: $f is $size bytes (limit $limit)" >&2; exit 1; }
  echo "$(basename "$f"): $size bytes"
done
echo "done."

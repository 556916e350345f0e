// Cuts the ₹ sign out of DejaVu Sans and DejaVu Sans Bold (free licence) at build time for the voucher PDF (ADR 0046)
// and writes worker/domain/vouchers/rupee-glyph.ts, which is committed: the Worker draws every other character in
// the PDF's built-in Helvetica and the ₹ from these outlines, as a two-glyph Type 3 font with a ToUnicode map, so
// neither a font file nor a font parser ships in the Worker. Run by hand: `node scripts/voucher-rupee-glyph.mjs [dir]`
// (Debian: fonts-dejavu-core).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fontkit from "@pdf-lib/fontkit";

const dir = process.argv[2] ?? "/usr/share/fonts/truetype/dejavu";
const round = (n) => Math.round(n * 10) / 10;

/** The glyph's outline as PDF path operators in 1000 units to the em (the Type 3 font's FontMatrix is 0.001). */
function glyphOf(file) {
  const font = fontkit.create(readFileSync(join(dir, file)));
  const glyph = font.glyphForCodePoint(0x20b9);
  const k = 1000 / font.unitsPerEm;
  const p = (x, y) => `${round(x * k)} ${round(y * k)}`;
  const ops = [];
  let cur = [0, 0];
  for (const { command, args } of glyph.path.commands) {
    if (command === "moveTo") ops.push(`${p(...args)} m`);
    else if (command === "lineTo") ops.push(`${p(...args)} l`);
    else if (command === "bezierCurveTo") ops.push(`${p(args[0], args[1])} ${p(args[2], args[3])} ${p(args[4], args[5])} c`);
    else if (command === "quadraticCurveTo") {
      // A quadratic as the cubic PDF draws: control points two thirds of the way to the quadratic's one.
      const [cx, cy, x, y] = args;
      const c1 = [cur[0] + (2 / 3) * (cx - cur[0]), cur[1] + (2 / 3) * (cy - cur[1])];
      const c2 = [x + (2 / 3) * (cx - x), y + (2 / 3) * (cy - y)];
      ops.push(`${p(...c1)} ${p(...c2)} ${p(x, y)} c`);
    } else if (command === "closePath") ops.push("h");
    if (command !== "closePath") cur = args.slice(-2);
  }
  const { minX, minY, maxX, maxY } = glyph.bbox;
  return {
    width: Math.round(glyph.advanceWidth * k),
    bbox: [minX, minY, maxX, maxY].map((n) => Math.round(n * k)),
    path: `${ops.join(" ")} f`,
  };
}

const regular = glyphOf("DejaVuSans.ttf");
const bold = glyphOf("DejaVuSans-Bold.ttf");
writeFileSync(
  "worker/domain/vouchers/rupee-glyph.ts",
  `// Written by scripts/voucher-rupee-glyph.mjs (ADR 0046): the ₹ sign of DejaVu Sans and DejaVu Sans Bold (Bitstream Vera\n// licence, free to embed) as PDF path operators, 1000 units to the em.\nexport const RUPEE_REGULAR = ${JSON.stringify(regular)};\nexport const RUPEE_BOLD = ${JSON.stringify(bold)};\n`,
);
console.log(`₹ regular: ${regular.path.length} chars, bold: ${bold.path.length} chars`);

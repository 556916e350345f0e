// Cuts the web fonts into two subsets each (ADR 0034) from the @fontsource Latin files, and writes
// app/styles/fonts.css for them. Run by hand when a font or BASIC changes (`node scripts/subset-fonts.mjs`);
// the output is committed.
// - basic: printable ASCII and the punctuation our pages print. app/root.tsx preloads these.
// - rest: the other characters of fontsource's Latin subset (accented letters and the like). A browser fetches
//   a face only when the page has a character in its unicode-range, so most pages never load these.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

/** Printable ASCII, nbsp © · × – — ‘ ’ “ ” • … € ™. */
const BASIC = [
  [0x20, 0x7e],
  [0xa0],
  [0xa9],
  [0xb7],
  [0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022],
  [0x2026],
  [0x20ac],
  [0x2122],
];
/** fontsource's Latin unicode-range (U+0000-00FF, U+0131, …); control characters left out. */
const LATIN = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131],
  [0x152, 0x153],
  [0x2bb, 0x2bc],
  [0x2c6],
  [0x2da],
  [0x2dc],
  [0x304],
  [0x308],
  [0x329],
  [0x2000, 0x206f],
  [0x20ac],
  [0x2122],
  [0x2191],
  [0x2193],
  [0x2212],
  [0x2215],
  [0xfeff],
  [0xfffd],
];

const FONTS = [
  { family: "Poppins", weight: 400, file: "@fontsource/poppins/files/poppins-latin-400-normal.woff2", name: "poppins-400" },
  { family: "Poppins", weight: 500, file: "@fontsource/poppins/files/poppins-latin-500-normal.woff2", name: "poppins-500" },
  { family: "Poppins", weight: 600, file: "@fontsource/poppins/files/poppins-latin-600-normal.woff2", name: "poppins-600" },
  {
    family: "Playfair Display",
    weight: 700,
    file: "@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2",
    name: "playfair-display-700",
  },
];

const points = (ranges) => new Set(ranges.flatMap(([from, to = from]) => Array.from({ length: to - from + 1 }, (_, i) => from + i)));
const basic = points(BASIC);
const rest = new Set([...points(LATIN)].filter((c) => !basic.has(c)));

/** The code points as a unicode-range value (runs joined: U+20-7E,U+A0,…). */
function unicodeRange(set) {
  const sorted = [...set].sort((a, b) => a - b);
  const runs = [];
  for (const c of sorted) {
    const last = runs.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else runs.push([c, c]);
  }
  const hex = (c) => c.toString(16).toUpperCase();
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(",");
}

const require = createRequire(import.meta.url);
mkdirSync("app/styles/fonts", { recursive: true });
const faces = [];
for (const font of FONTS) {
  const full = readFileSync(require.resolve(font.file));
  for (const [part, set] of [
    ["rest", rest],
    ["basic", basic],
  ]) {
    const out = await subsetFont(full, String.fromCodePoint(...set), { targetFormat: "woff2" });
    writeFileSync(`app/styles/fonts/${font.name}-${part}.woff2`, out);
    console.log(`${font.name}-${part}.woff2: ${out.length} bytes (from ${full.length})`);
    faces.push(
      `@font-face {\n  font-family: "${font.family}";\n  font-style: normal;\n  font-weight: ${font.weight};\n  font-display: swap;\n  src: url("./fonts/${font.name}-${part}.woff2") format("woff2");\n  unicode-range: ${unicodeRange(set)};\n}`,
    );
  }
}
writeFileSync(
  "app/styles/fonts.css",
  `/* Written by scripts/subset-fonts.mjs (ADR 0034): each font's basic subset (preloaded by app/root.tsx) and the rest of\n   its Latin characters, fetched only by a page that has one. */\n${faces.join("\n")}\n`,
);

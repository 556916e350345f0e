import {
  type Color,
  type PDFDocument,
  PDFHexString,
  type PDFName,
  type PDFPage,
  type PDFRef,
  StandardFonts,
  beginText,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  showText,
} from "pdf-lib";
import { RUPEE_BOLD, RUPEE_REGULAR } from "./rupee-glyph";

/**
 * The voucher's text (ADR 0046): Helvetica, which every PDF reader has built in (nothing embedded, nothing parsed), and
 * the ₹ sign, which Helvetica lacks, from a Type 3 font of two glyphs cut from DejaVu Sans at build time
 * (scripts/voucher-rupee-glyph.mjs). Its ToUnicode map says both glyphs are U+20B9, so a reader copies, searches and
 * reads aloud a real "₹". A line is drawn as runs: Helvetica between the ₹ signs, the Type 3 font for each of them.
 */

const RUPEE = "₹";
/** The ₹ glyphs' codes in the Type 3 font (arbitrary bytes; the ToUnicode map gives their meaning). */
const CODE = { regular: "52", bold: "53" } as const;

const TO_UNICODE = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<00> <FF>
endcodespacerange
2 beginbfchar
<${CODE.regular}> <20B9>
<${CODE.bold}> <20B9>
endbfchar
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;

function embedRupee(doc: PDFDocument): PDFRef {
  const ctx = doc.context;
  const glyph = (g: typeof RUPEE_REGULAR) => ctx.register(ctx.stream(`${g.width} 0 ${g.bbox.join(" ")} d1\n${g.path}`));
  const font = ctx.obj({
    Type: "Font",
    Subtype: "Type3",
    FontBBox: [0, 0, Math.max(RUPEE_REGULAR.bbox[2], RUPEE_BOLD.bbox[2]), Math.max(RUPEE_REGULAR.bbox[3], RUPEE_BOLD.bbox[3])],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    CharProcs: { rupee: glyph(RUPEE_REGULAR), rupeeBold: glyph(RUPEE_BOLD) },
    Encoding: { Type: "Encoding", Differences: [Number.parseInt(CODE.regular, 16), "rupee", "rupeeBold"] },
    FirstChar: Number.parseInt(CODE.regular, 16),
    LastChar: Number.parseInt(CODE.bold, 16),
    Widths: [RUPEE_REGULAR.width, RUPEE_BOLD.width],
    Resources: {},
    ToUnicode: ctx.register(ctx.stream(TO_UNICODE)),
  });
  return ctx.register(font);
}

/** Helvetica's characters (WinAnsi), the same in every document. */
let helveticaChars: Set<string> | null = null;

export type TextStyle = { x: number; y: number; size: number; bold?: boolean; color: Color };

export class VoucherType {
  private pageFonts = new Map<PDFPage, PDFName>();
  private readonly known: Set<string>;

  private constructor(
    private readonly regular: Awaited<ReturnType<PDFDocument["embedFont"]>>,
    private readonly bold: Awaited<ReturnType<PDFDocument["embedFont"]>>,
    private readonly rupee: PDFRef,
  ) {
    helveticaChars ??= new Set(regular.getCharacterSet().map((c) => String.fromCodePoint(c)));
    this.known = helveticaChars;
  }

  static async embed(doc: PDFDocument) {
    const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
    return new VoucherType(regular, bold, embedRupee(doc));
  }

  /**
   * Text as the voucher can print it: one line; the minus sign as a hyphen; any other character neither Helvetica nor
   * the ₹ font has as "?". SECURITY: the result is only ever drawn as text, never read as PDF syntax.
   */
  printable(text: string) {
    return [...text.replace(/[\r\n\t]+/g, " ").replace(/\u2212/g, "-")]
      .map((c) => (c === RUPEE || this.known.has(c) ? c : c.charCodeAt(0) < 32 ? "" : "?"))
      .join("");
  }

  /** The width of printable text at `size`. */
  width(text: string, size: number, bold = false) {
    const font = bold ? this.bold : this.regular;
    const glyph = bold ? RUPEE_BOLD : RUPEE_REGULAR;
    let width = 0;
    for (const [i, run] of text.split(RUPEE).entries()) {
      if (i > 0) width += (glyph.width / 1000) * size;
      if (run) width += font.widthOfTextAtSize(run, size);
    }
    return width;
  }

  /** Draws printable text, its ₹ signs from the Type 3 font. */
  draw(page: PDFPage, text: string, { x, y, size, bold = false, color }: TextStyle) {
    const font = bold ? this.bold : this.regular;
    let at = x;
    for (const [i, run] of text.split(RUPEE).entries()) {
      if (i > 0) at += this.drawRupee(page, at, y, size, bold, color);
      if (!run) continue;
      page.drawText(run, { x: at, y, size, font, color });
      at += font.widthOfTextAtSize(run, size);
    }
  }

  private drawRupee(page: PDFPage, x: number, y: number, size: number, bold: boolean, color: Color) {
    let name = this.pageFonts.get(page);
    if (!name) {
      name = page.node.newFontDictionary("Rupee", this.rupee);
      this.pageFonts.set(page, name);
    }
    page.pushOperators(
      pushGraphicsState(),
      setFillingColor(color),
      beginText(),
      setFontAndSize(name, size),
      moveText(x, y),
      showText(PDFHexString.of(bold ? CODE.bold : CODE.regular)),
      endText(),
      popGraphicsState(),
    );
    return ((bold ? RUPEE_BOLD : RUPEE_REGULAR).width / 1000) * size;
  }
}

/**
 * The text of a PDF as PDFKit writes it (standard fonts, Flate-compressed content streams, text shown as
 * hex strings in TJ arrays): enough for tests to read what a document says, not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

/** Windows-1252 where it differs from Latin-1 (0x80-0x9F): the characters a document may show. */
const WIN_ANSI: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x84: '„', 0x85: '…', 0x8a: 'Š', 0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”',
  0x95: '•', 0x96: '–', 0x97: '—', 0x99: '™', 0x9a: 'š', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};
const winAnsi = (bytes: Buffer) => [...bytes].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      content = match[1];
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      // The standard fonts write WinAnsi (Windows-1252): '€' is 0x80.
      const text = [...shown[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => winAnsi(Buffer.from(hex[1], 'hex'))).join('');
      lines.push(text);
    }
  }
  return lines.join('\n');
}

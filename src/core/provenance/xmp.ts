import { DamagedSettingsError } from './damaged';

/** The XMP namespace of Atelier's provenance property. */
export const ATELIER_XMP_NS = 'http://ns.atelier.invalid/provenance/1.0/';
export const PROVENANCE_OPEN = '<atelier:Provenance>';
export const PROVENANCE_CLOSE = '</atelier:Provenance>';

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const NAMED: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/** Characters XML allows (XML 1.0 section 2.2): a reference to anything else is damaged text. */
const xmlChar = (cp: number): boolean =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

/**
 * Undoes XML escaping in one pass. A character reference XML does not allow (`&#99999999;`, `&#0;`, a lone
 * surrogate) throws {@link DamagedSettingsError} instead of String.fromCodePoint's RangeError.
 */
export const unescapeXml = (s: string): string =>
  s.replace(/&(lt|gt|quot|apos|amp|#[0-9]{1,10}|#x[0-9a-f]{1,8});/gi, (whole, ref: string) => {
    const named = NAMED[ref];
    if (named !== undefined) return named;
    if (ref[0] !== '#') return whole; // &LT; and friends: XML names are case-sensitive
    const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    if (!xmlChar(cp)) throw new DamagedSettingsError('bad-text');
    return String.fromCodePoint(cp);
  });

/**
 * An XMP packet carrying the provenance JSON (atelier:Provenance), the prompt as dc:description and
 * Atelier as xmp:CreatorTool, so generic tools show something useful too.
 */
export function xmpPacket(json: string, prompt: string): string {
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atelier="${ATELIER_XMP_NS}">` +
    '<xmp:CreatorTool>Atelier</xmp:CreatorTool>' +
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(prompt)}</rdf:li></rdf:Alt></dc:description>` +
    `${PROVENANCE_OPEN}${escapeXml(json)}${PROVENANCE_CLOSE}` +
    '</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>'
  );
}

/** The XMP namespace of Atelier's provenance property. */
export const ATELIER_XMP_NS = 'http://ns.atelier.invalid/provenance/1.0/';
export const PROVENANCE_OPEN = '<atelier:Provenance>';
export const PROVENANCE_CLOSE = '</atelier:Provenance>';

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const unescapeXml = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');

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

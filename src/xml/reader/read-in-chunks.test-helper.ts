/**
 * Run by xml-reader-deopts.node.test.ts in a Node of its own, under `--trace-deopt`: the reader
 * over a few megabytes of every kind of markup, cut into chunks, until V8 has optimized it.
 */
import { ignoreXml, XmlReader } from './xml-reader.ts';

const records = Array.from(
  { length: 20_000 },
  (_, i) =>
    `<p:Stub xmlns:p="urn:p" ID="s${i}" kind='a&amp;b'><Title>Tïtle ${i} &lt;&#233;&#x1F600;</Title>` +
    `<!-- note ${i} --><![CDATA[x < y]]>${i % 50 === 0 ? '<?pi data?>' : ''}<Émoji😀 a="1"/></p:Stub>`,
).join('\n');
const text = `<root>${records}</root>`;
for (const size of [4096, 65_536, 1_000_003]) {
  const reader = new XmlReader(ignoreXml);
  for (let at = 0; at < text.length; at += size) reader.write(text.slice(at, at + size));
  reader.end();
}

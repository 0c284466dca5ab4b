/** Internal: the body is not well-formed XML. The decoder turns it into a ResponseFormatError. */
export class MalformedXml extends Error {
  constructor(message: string, position?: number) {
    super(position === undefined ? message : `${message} at offset ${position}`);
    this.name = 'MalformedXml';
  }
}

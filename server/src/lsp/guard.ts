// The one size guard of every server feature: a text longer than the limit (initializationOptions.maxFileChars,
// default 5,000,000 characters) gets syntax diagnostics with `file-too-large` only; hover and explain answer a
// short message saying so; completion, symbols, code actions and inlay hints answer nothing.
export function overLimit(text: string, maxChars: number): boolean {
  return text.length > maxChars;
}

/** The message hover and kubegate/explain give for a file over the guard. */
export function tooLargeMessage(chars: number, maxChars: number): string {
  return `This file has ${chars} characters, more than the ${maxChars} Kubegate reads for hovers, completion, symbols and fixes. Split the file to get them here.`;
}

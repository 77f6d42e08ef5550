/** Text with blank-line paragraph breaks (the catalogue's and the operator's long texts) as <p>s. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never move
        <p key={i}>{paragraph}</p>
      ))}
    </>
  );
}

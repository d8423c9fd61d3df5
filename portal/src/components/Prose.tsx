/**
 * A long message as text: an empty line starts a paragraph, lines starting with "- " form a list,
 * other line breaks stay (addresses).
 */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((block, index) => {
        const lines = block.split('\n');
        const items = lines.filter((line) => line.startsWith('- '));
        const lead = lines.filter((line) => !line.startsWith('- '));
        return (
          <div key={index} className="prose__block">
            {lead.length > 0 && (
              <p>
                {lead.map((line, number) => (
                  <span key={number}>
                    {number > 0 && <br />}
                    {line}
                  </span>
                ))}
              </p>
            )}
            {items.length > 0 && (
              <ul>
                {items.map((item, number) => (
                  <li key={number}>{item.slice(2)}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </>
  );
}

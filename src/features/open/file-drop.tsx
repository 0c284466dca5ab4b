import { useId, useState, type DragEvent } from 'react';

/**
 * A file chooser that also takes a dropped file. The native input stays the keyboard path.
 * @example <FileDrop accept=".har,.xml,.txt" onFile={(file) => open(file)} />
 */
export function FileDrop({ accept, onFile }: { accept: string; onFile: (file: File) => void }) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={over ? 'file-drop over' : 'file-drop'}
      data-testid="file-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label htmlFor={inputId}>Choose a .har, .xml or saved HTTP response file</label>
      <input
        id={inputId}
        type="file"
        accept={accept}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onFile(file);
        }}
      />
      <p className="muted">…or drop it here.</p>
    </div>
  );
}

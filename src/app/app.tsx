export function App() {
  return (
    <main>
      <h1>Inode Console</h1>
      <p>An admin console for the Inode.asmx web service.</p>
    </main>
  );
}

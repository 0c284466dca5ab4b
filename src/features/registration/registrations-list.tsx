import { BINDINGS } from '../../protocol/operations.ts';
import type { RegistrationRecord } from '../../history/history-db.ts';

/** The registrations made in this browser (never with keys), newest first. */
export function RegistrationsList({
  registrations,
  loading,
}: {
  registrations: RegistrationRecord[];
  loading: boolean;
}) {
  return (
    <section aria-labelledby="registrations-heading" className="registrations">
      <h2 id="registrations-heading">Registrations made in this browser</h2>
      {loading ? (
        <p className="muted">Loading…</p>
      ) : registrations.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">ServiceURI</th>
                <th scope="col">MediaType</th>
                <th scope="col">Binding</th>
                <th scope="col">Target</th>
                <th scope="col">Returned value</th>
              </tr>
            </thead>
            <tbody>
              {registrations.map((r) => (
                <tr key={r.id}>
                  <td>{new Date(r.at).toLocaleString()}</td>
                  <td className="mono break">{r.ServiceURI}</td>
                  <td>{r.MediaType}</td>
                  <td>{BINDINGS[r.binding].label}</td>
                  <td>{r.targetId ?? 'default'}</td>
                  <td className="mono">{r.result}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

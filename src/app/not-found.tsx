import { Link } from 'react-router';

export function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no page at this address. Go to <Link to="/stubs">Asset stubs</Link>.
      </p>
    </>
  );
}

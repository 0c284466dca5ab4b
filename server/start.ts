// `npm start`: the production entry point (compiled to dist-server/start.js by npm run build).
import { demoKeysLine } from './demo-keys.ts';
import { createProductionServer } from './production-server.ts';
import { helpText, serverSettings } from './settings.ts';
import { errorMessage } from '../src/text/error-message.ts';

function fail(message: string): never {
  console.error(`inode-console: ${message}\nRun with --help for every option.`);
  process.exit(2);
}

async function main(): Promise<void> {
  let settings;
  try {
    settings = serverSettings(process.argv.slice(2), process.env);
  } catch (error) {
    fail(errorMessage(error));
  }
  if (settings === 'help') {
    console.info(helpText());
    return;
  }
  let app;
  try {
    app = createProductionServer(settings);
  } catch (error) {
    fail(errorMessage(error));
  }
  const url = await app
    .listen()
    .catch((error: unknown) =>
      fail(`cannot listen on ${settings.host}:${settings.port}: ${errorMessage(error)}`),
    );
  const targets = app.targets.targets
    .map(
      (t) =>
        `${t.id === app.targets.defaultId ? '*' : ' '} ${t.id}: ${t.kind === 'remote' ? t.url : 'embedded emulator'}`,
    )
    .join('\n  ');
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(
      `${signal}: no new connections; letting calls in flight finish (up to ${settings.shutdownTimeoutMs} ms)`,
    );
    void app.shutdown().then(() => {
      console.error('Inode Console stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const keys = await demoKeysLine(await app.stack.emulator);
  // Said last and in one write: whoever reads "listening on" has the targets and the demo keys,
  // and may already stop the server gracefully.
  console.error(
    `Inode Console listening on ${url}\n  targets (* = default):\n  ${targets}${keys ? `\n${keys}` : ''}`,
  );
}

void main();

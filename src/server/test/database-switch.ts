import net from 'node:net';

/**
 * What PostgreSQL answers a new connection while it starts up, recovers or shuts down (SQLSTATE
 * 57P03, 'cannot connect now'): an ErrorResponse to the startup packet, then the end.
 */
function cannotConnectNow(message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C57P03\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * A TCP stand-in for the PostgreSQL server that a test can take away and give back: 'up' passes
 * bytes through, 'refusing' has nothing listening, 'silent' accepts connections and never
 * answers (a server behind a dead network path), 'starting' answers every new connection 57P03
 * as a restarting server does; all but 'up' cut every open connection first.
 */
export async function databaseSwitch(serverUrl: string) {
  const url = new URL(serverUrl);
  const socketDir = url.searchParams.get('host');
  const target = socketDir ? { path: `${socketDir}/.s.PGSQL.${url.port || 5432}` } : { host: url.hostname, port: Number(url.port || 5432) };
  const open = new Set<net.Socket>();
  let mode: 'up' | 'silent' | 'starting' = 'up';
  let server: net.Server | undefined;
  let port = 0;
  const listen = async () => {
    server = net.createServer((client) => {
      open.add(client);
      client.on('close', () => open.delete(client));
      client.on('error', () => {});
      if (mode === 'silent') return;
      if (mode === 'starting') {
        client.once('data', () => client.end(cannotConnectNow('the database system is starting up')));
        return;
      }
      const upstream = net.connect(target);
      open.add(upstream);
      upstream.on('close', () => open.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as net.AddressInfo).port;
  };
  const cut = async () => {
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  };
  const switchTo = async (next: typeof mode) => {
    await cut();
    mode = next;
    await listen();
  };
  await listen();
  const proxied = new URL(serverUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  proxied.searchParams.delete('host');
  return {
    url: proxied.toString(),
    refuse: cut,
    silence: () => switchTo('silent'),
    /** As PostgreSQL restarting: open connections cut, new ones told 57P03. */
    startUp: () => switchTo('starting'),
    restore: () => switchTo('up'),
    close: cut,
  };
}

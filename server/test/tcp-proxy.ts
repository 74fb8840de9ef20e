import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy on loopback in front of PostgreSQL, for outage tests: `cut()` ends every connection
 * and refuses new ones (the database gone), `restore()` listens again on the same port,
 * `dropConnections()` ends the open connections only (a restart's effect on sessions, with the
 * database back at once). Never touches the machine's PostgreSQL itself.
 */
export type TcpProxy = {
  port: number;
  /** The database URL with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  dropConnections(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  };
  const onConnection = (client: Socket) => {
    track(client);
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };
  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((ok, fail) => {
      server.once("error", fail);
      server.listen(port, "127.0.0.1", () => {
        const addr = server.address();
        ok(typeof addr === "object" && addr ? addr.port : 0);
      });
    });
  const port = await listen(0);
  const dropConnections = () => {
    for (const s of sockets) s.destroy();
  };
  const closeServer = () => new Promise<void>((ok) => (server.listening ? server.close(() => ok()) : ok()));
  return {
    port,
    urlThrough(url: string) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    async cut() {
      const closed = closeServer();
      dropConnections();
      await closed;
    },
    async restore() {
      server = createServer(onConnection);
      await listen(port);
    },
    dropConnections,
    async close() {
      const closed = closeServer();
      dropConnections();
      await closed;
    },
  };
}

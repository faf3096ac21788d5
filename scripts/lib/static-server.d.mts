import type http from 'node:http';

export interface StaticServerOptions {
  dir: string;
  spa?: boolean;
  cors?: boolean;
  before?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  page?: (req: http.IncomingMessage) => { headers: Record<string, string>; transform?: (html: string) => string };
}
export function createStaticServer(options: StaticServerOptions): http.Server;
export function createApiProxy(target: string): (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

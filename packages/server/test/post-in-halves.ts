import { request, type Agent, type IncomingHttpHeaders } from 'node:http';

export interface HalvesAnswer {
  status: number | undefined;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * A POST on `agent`'s kept-alive connections whose body's second half goes out on `finish()`:
 * a request in flight for as long as a test wants (a drain, a signal, a deadline).
 */
export function postInTwoHalves(agent: Agent, port: number, urlPath: string, body: Buffer, type: string) {
  let finish = () => {};
  const answer = new Promise<HalvesAnswer>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: urlPath,
        headers: { 'content-type': type, 'content-length': body.length, 'x-lang': 'en' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode, headers: res.headers, text });
        });
      },
    );
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.subarray(0, half));
    finish = () => {
      req.end(body.subarray(half));
    };
  });
  return {
    answer,
    finish: () => {
      finish();
    },
  };
}

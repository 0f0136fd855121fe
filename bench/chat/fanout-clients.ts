// W6's clients (several processes of them): connect their share of the sockets, enter each
// client's lesson room and the school's room, then, at the common start, send at a steady rate
// and time every delivery from the sender's clock to the receiver's (one machine, one clock).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

export interface FanoutInput {
  kind: 'socket.io' | 'ws';
  /**
   * How a socket.io client is played: 'protocol' speaks socket.io's protocol over a bare `ws`
   * socket, as the baseline's clients speak theirs (see connectSocketIoProtocol); 'library' is
   * the socket.io-client package, whose decoding of each delivery costs the shared cores about
   * three times as much.
   */
  socketIoClient: 'protocol' | 'library';
  /** Client i connects to urls[i % urls.length] (two nodes: half the clients on each). */
  urls: string[];
  clients: { index: number; token: string; lessonRoom: number }[];
  schoolRoom: number;
  /** Members of each lesson room, and of the school's room (every client). */
  roomMembers: Record<number, number>;
  totalClients: number;
  lessonMessagesPerSecond: number;
  schoolMessagesPerSecond: number;
  seconds: number;
  drainMs: number;
}

export interface FanoutOutput {
  connected: number;
  connectFailures: number;
  sent: number;
  sendFailures: Record<string, number>;
  expectedDeliveries: number;
  received: number;
  latenciesMs: number[];
  /** The same deliveries split by room: lesson rooms (25 each) and the school's room (all). */
  lessonLatenciesMs: number[];
  schoolLatenciesMs: number[];
  /**
   * For each school message, from its first to its last delivery in this process: how long
   * this process took to hand one broadcast to all of its sockets' listeners.
   */
  schoolSpreadMs: number[];
  /** This process's own event loop while sending and receiving (where a harness loses time). */
  eventLoop: { p99Ms: number; maxMs: number; utilization: number; cpuMs: number };
}

const now = () => performance.timeOrigin + performance.now();

interface Client {
  index: number;
  lessonRoom: number;
  send(room: number, body: string): Promise<string | null>;
  close(): void;
}

async function connectSocketIo(
  url: string,
  token: string,
  rooms: number[],
  onBody: (room: number, b: string) => void,
) {
  const socket: Socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
    // No compression offered (the server would decline it anyway), as the ws clients; the
    // option's type lacks the `false` its documentation gives for this.
    perMessageDeflate: false as unknown as { threshold: number },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  socket.on('chat:message', (event: { room_id: number; message: { body: string } }) =>
    onBody(event.room_id, event.message.body),
  );
  for (const room of rooms) {
    const answer = (await socket.timeout(60_000).emitWithAck('chat:join', { room_id: room })) as {
      ok: boolean;
    };
    if (!answer.ok) throw new Error(`join ${room} refused`);
  }
  return {
    async send(room: number, body: string) {
      try {
        const answer = (await socket
          .timeout(30_000)
          .emitWithAck('chat:send', { room_id: room, body })) as { ok: boolean; error?: string };
        return answer.ok ? null : (answer.error ?? 'refused');
      } catch {
        return 'timeout';
      }
    },
    close: () => socket.close(),
  };
}

/**
 * A socket.io client in a few lines, over the same `ws` socket as the baseline's clients: Engine.IO
 * v4 frames over a WebSocket (0 open, 2 ping, 3 pong, 4 message) carrying socket.io v5 packets
 * (0 connect with the auth payload, 2 event, 3 ack, 4 connect error), events as JSON arrays and
 * acknowledgements by number. The server cannot tell it from socket.io-client; this process
 * spends on each delivery what a baseline client spends on its own (one JSON.parse), so that
 * the clients, which stand in for devices elsewhere, take as little of the server's two cores
 * from one server as from the other.
 */
async function connectSocketIoProtocol(
  url: string,
  token: string,
  rooms: number[],
  onBody: (room: number, b: string) => void,
) {
  const address = new URL('/socket.io/?EIO=4&transport=websocket', url.replace(/^http/, 'ws'));
  const socket = new WebSocket(address, { perMessageDeflate: false });
  const acks = new Map<number, (answer: { ok: boolean; error?: string }) => void>();
  let nextAck = 0;
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data) => {
      const frame = String(data);
      if (frame === '2') return socket.send('3');
      if (frame.startsWith('0')) return socket.send(`40${JSON.stringify({ token })}`);
      if (!frame.startsWith('4')) return;
      const kind = frame[1];
      if (kind === '0') return resolve();
      if (kind === '4') return reject(new Error(frame.slice(2)));
      // Event (2) or ack (3): an optional number, then the JSON array.
      let at = 2;
      while (frame.charCodeAt(at) >= 48 && frame.charCodeAt(at) <= 57) at += 1;
      const args = JSON.parse(frame.slice(at)) as unknown[];
      if (kind === '2' && args[0] === 'chat:message') {
        const event = args[1] as { room_id: number; message: { body: string } };
        onBody(event.room_id, event.message.body);
      } else if (kind === '3') {
        const id = Number(frame.slice(2, at));
        acks.get(id)?.(args[0] as { ok: boolean; error?: string });
        acks.delete(id);
      }
    });
  });
  await connected;
  const emitWithAck = (event: string, payload: unknown, timeoutMs: number) =>
    new Promise<{ ok: boolean; error?: string }>((resolve) => {
      const id = nextAck++;
      const timer = setTimeout(() => {
        acks.delete(id);
        resolve({ ok: false, error: 'timeout' });
      }, timeoutMs);
      acks.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      socket.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  for (const room of rooms) {
    const answer = await emitWithAck('chat:join', { room_id: room }, 60_000);
    if (!answer.ok) throw new Error(`join ${room} refused`);
  }
  return {
    async send(room: number, body: string) {
      const answer = await emitWithAck('chat:send', { room_id: room, body }, 30_000);
      return answer.ok ? null : (answer.error ?? 'refused');
    },
    close: () => socket.close(),
  };
}

async function connectWs(url: string, rooms: number[], onBody: (room: number, b: string) => void) {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const pending = new Map<number, () => void>();
  let nextId = 0;
  const joined = new Promise<void>((resolve) => pending.set(-1, resolve));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      t: string;
      room?: number;
      body?: string;
      id?: number;
    };
    if (message.t === 'msg') onBody(message.room!, message.body!);
    else if (message.t === 'joined') pending.get(-1)?.();
    else if (message.t === 'ack') {
      pending.get(message.id!)?.();
      pending.delete(message.id!);
    }
  });
  socket.send(JSON.stringify({ t: 'join', rooms }));
  await joined;
  return {
    send(room: number, body: string) {
      const id = nextId++;
      return new Promise<string | null>((resolve) => {
        pending.set(id, () => resolve(null));
        socket.send(JSON.stringify({ t: 'send', room, body, id }));
      });
    },
    close: () => socket.close(),
  };
}

async function run(input: FanoutInput, waitForGo: () => Promise<number>): Promise<FanoutOutput> {
  let startAt = Number.POSITIVE_INFINITY;
  let received = 0;
  const latenciesMs: number[] = [];
  const lessonLatenciesMs: number[] = [];
  const schoolLatenciesMs: number[] = [];
  const schoolReceipts = new Map<number, { first: number; last: number }>();
  // Bodies are "w6 <sent at ms>": a delivery counts once the run has begun.
  const onBody = (room: number, body: string) => {
    const sentAt = Number(body.slice(3));
    if (!(sentAt >= startAt)) return;
    const at = now();
    received += 1;
    latenciesMs.push(at - sentAt);
    if (room === input.schoolRoom) {
      schoolLatenciesMs.push(at - sentAt);
      const receipts = schoolReceipts.get(sentAt);
      if (receipts) receipts.last = at;
      else schoolReceipts.set(sentAt, { first: at, last: at });
    } else lessonLatenciesMs.push(at - sentAt);
  };
  const clients: Client[] = [];
  let connectFailures = 0;
  // A few hundred handshakes at a time: what a school's morning looks like, not a SYN flood.
  const queue = [...input.clients];
  const connectOne = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const url = input.urls[next.index % input.urls.length]!;
      const rooms = [next.lessonRoom, input.schoolRoom];
      try {
        const connection =
          input.kind === 'ws'
            ? await connectWs(url, rooms, onBody)
            : input.socketIoClient === 'library'
              ? await connectSocketIo(url, next.token, rooms, onBody)
              : await connectSocketIoProtocol(url, next.token, rooms, onBody);
        clients.push({ ...connection, index: next.index, lessonRoom: next.lessonRoom });
      } catch {
        connectFailures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: 100 }, connectOne));

  startAt = await waitForGo();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const loopSince = performance.eventLoopUtilization();
  const cpuSince = process.cpuUsage();
  const byRoom = new Map<number, Client[]>();
  for (const client of clients) {
    const list = byRoom.get(client.lessonRoom) ?? [];
    list.push(client);
    byRoom.set(client.lessonRoom, list);
  }
  const rooms = [...byRoom.keys()];
  let sent = 0;
  let expectedDeliveries = 0;
  const sendFailures: Record<string, number> = {};
  const inFlight: Promise<void>[] = [];
  let senderTurn = 0;
  const sendOne = (room: number, sender: Client) => {
    sent += 1;
    inFlight.push(
      sender.send(room, `w6 ${now()}`).then((failure) => {
        if (failure) sendFailures[failure] = (sendFailures[failure] ?? 0) + 1;
        else expectedDeliveries += input.roomMembers[room] ?? 0;
      }),
    );
  };
  let lessonSent = 0;
  let schoolSent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (now() - startAt) / 1000;
      if (elapsed >= input.seconds) {
        clearInterval(timer);
        resolve();
        return;
      }
      // Senders take turns, so that nobody meets the per-person limit at these rates.
      for (; lessonSent < Math.floor(elapsed * input.lessonMessagesPerSecond); lessonSent += 1) {
        const room = rooms[lessonSent % rooms.length]!;
        const members = byRoom.get(room)!;
        sendOne(room, members[Math.floor(lessonSent / rooms.length) % members.length]!);
      }
      for (; schoolSent < Math.floor(elapsed * input.schoolMessagesPerSecond); schoolSent += 1)
        sendOne(input.schoolRoom, clients[senderTurn++ % clients.length]!);
    }, 5);
  });
  await Promise.all(inFlight);
  await new Promise((resolve) => setTimeout(resolve, input.drainMs));
  loopDelay.disable();
  const loopUse = performance.eventLoopUtilization(loopSince);
  const cpu = process.cpuUsage(cpuSince);
  clients.forEach((client) => client.close());
  return {
    connected: clients.length,
    connectFailures,
    sent,
    sendFailures,
    expectedDeliveries,
    received,
    latenciesMs,
    lessonLatenciesMs,
    schoolLatenciesMs,
    schoolSpreadMs: [...schoolReceipts.values()].map((r) => r.last - r.first),
    eventLoop: {
      p99Ms: Math.round(loopDelay.percentile(99) / 1e4) / 100,
      maxMs: Math.round(loopDelay.max / 1e4) / 100,
      utilization: Math.round(loopUse.utilization * 1000) / 1000,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    },
  };
}

// The parent's protocol: start (input) → ready (connected) → go (common start time) → result.
process.once('message', (message: { type: 'start'; input: FanoutInput }) => {
  const go = () =>
    new Promise<number>((resolve) => {
      process.send!({ type: 'ready' });
      process.once('message', (reply: { type: 'go'; startAt: number }) => resolve(reply.startAt));
    });
  run(message.input, go).then(
    (output) => process.send!({ type: 'result', output }, () => process.exit(0)),
    (error: unknown) =>
      process.send!({ type: 'error', message: String((error as Error)?.stack ?? error) }, () =>
        process.exit(1),
      ),
  );
});

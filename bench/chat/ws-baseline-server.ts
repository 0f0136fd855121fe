// W6's baseline (its own process): a plain `ws` server that keeps rooms in a map and broadcasts
// each message to every socket of its room, the sender's included, as socket.io's `to(room)`
// does. No sign-in, no database: the floor under what a chat server can do on these cores.
import { WebSocketServer, type WebSocket } from 'ws';
import { reportToParent } from '../processes/child-script';

reportToParent(
  async () => {
    const rooms = new Map<number, Set<WebSocket>>();
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
    server.on('connection', (socket) => {
      const joined: number[] = [];
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as
          { t: 'join'; rooms: number[] } | { t: 'send'; room: number; body: string; id: number };
        if (message.t === 'join') {
          for (const id of message.rooms) {
            let members = rooms.get(id);
            if (!members) rooms.set(id, (members = new Set()));
            members.add(socket);
            joined.push(id);
          }
          socket.send(JSON.stringify({ t: 'joined' }));
          return;
        }
        const frame = JSON.stringify({ t: 'msg', room: message.room, body: message.body });
        for (const member of rooms.get(message.room) ?? []) member.send(frame);
        socket.send(JSON.stringify({ t: 'ack', id: message.id }));
      });
      socket.on('close', () => joined.forEach((id) => rooms.get(id)?.delete(socket)));
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address();
    return { port: typeof address === 'object' && address ? address.port : 0 };
  },
  { keepRunning: true },
);

// W5F's fifth client, in a process of its own: asks one path back to back (a report, or the
// control's cheapest call) from `ask` until `stop`, then tells how many it asked. Its own work
// (reading and decompressing each answer) then never delays the timing of the list's clients,
// which run in the bench's process.

type Command = { type: 'ask'; url: string; token: string; path: string } | { type: 'stop' };

let asking: Promise<number> | null = null;
let running = false;

async function askBackToBack(url: string, token: string, path: string): Promise<number> {
  let count = 0;
  while (running) {
    const response = await fetch(`${url}/api${path}`, { headers: { Token: token } });
    const body = await response.text();
    if (response.status !== 200)
      throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
    count += 1;
  }
  return count;
}

process.on('message', (command: Command) => {
  if (command.type === 'ask') {
    running = true;
    asking = askBackToBack(command.url, command.token, command.path);
    process.send!({ type: 'asking' });
  } else {
    running = false;
    void (asking ?? Promise.resolve(0)).then(
      (count) => process.send!({ type: 'stopped', count }),
      (error: unknown) => process.send!({ type: 'error', message: String(error) }),
    );
  }
});
process.send!({ type: 'ready' });

// An OpenAI-compatible chat-completions client (hosted, or local such as llama.cpp or Ollama),
// streamed: POST {baseUrl}/chat/completions with stream true answers server-sent events whose
// `data:` lines carry JSON chunks (choices[0].delta.content) and end with `data: [DONE]`.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatModel {
  /** The answer's text, piece by piece as the model writes it. */
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string>;
}

export class ChatModelError extends Error {}

/** How long to wait for the model to start answering, and between its pieces. */
const IDLE_TIMEOUT_MS = 60_000;

function contentOf(data: string): string {
  try {
    const chunk = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
    const content = chunk.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : '';
  } catch {
    return '';
  }
}

/** The `data:` payloads of a server-sent event stream, as they complete. */
async function* eventData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of body) {
    buffered += decoder.decode(bytes, { stream: true });
    let end: number;
    while ((end = buffered.search(/\r?\n\r?\n/)) !== -1) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) yield data;
    }
  }
}

export function createChatModel(options: {
  baseUrl: string;
  apiKey: string;
  model: string;
}): ChatModel {
  return {
    async *stream(messages, signal) {
      const idle = new AbortController();
      let timer = setTimeout(() => idle.abort(), IDLE_TIMEOUT_MS);
      const signals = [idle.signal, ...(signal ? [signal] : [])];
      try {
        const response = await fetch(`${options.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
            Authorization: `Bearer ${options.apiKey}`,
          },
          body: JSON.stringify({ model: options.model, messages, stream: true }),
          signal: AbortSignal.any(signals),
        });
        if (!response.ok || !response.body)
          throw new ChatModelError(`The model answered HTTP ${response.status}`);
        for await (const data of eventData(response.body)) {
          clearTimeout(timer);
          timer = setTimeout(() => idle.abort(), IDLE_TIMEOUT_MS);
          if (data.trim() === '[DONE]') return;
          const content = contentOf(data);
          if (content) yield content;
        }
      } catch (error) {
        if (error instanceof ChatModelError) throw error;
        throw new ChatModelError(
          idle.signal.aborted
            ? 'The model did not answer in time'
            : 'The model could not be reached',
        );
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

import { AutoLinkPlugin, createLinkMatcherWithRegExp } from '@lexical/react/LexicalAutoLinkPlugin';

// A web address starting with a scheme or www., ending before trailing punctuation.
const URL_PATTERN =
  /((https?:\/\/(www\.)?)|(www\.))[-a-zA-Z0-9@:%._+~#=]{1,256}\.[a-zA-Z0-9()]{1,12}\b([-a-zA-Z0-9()@:%_+.~#?&/=]*[-a-zA-Z0-9()@%_+~#?&/=])?/;
const EMAIL_PATTERN = /[a-zA-Z0-9._%+-]{1,64}@[a-zA-Z0-9.-]{1,253}\.[a-zA-Z]{2,24}/;

const MATCHERS = [
  createLinkMatcherWithRegExp(URL_PATTERN, (text) =>
    text.startsWith('http') ? text : `https://${text}`,
  ),
  createLinkMatcherWithRegExp(EMAIL_PATTERN, (text) => `mailto:${text}`),
];

/** Spec §5: web addresses and e-mail addresses become links as they are typed or pasted. */
export function AutoLinks() {
  return <AutoLinkPlugin matchers={MATCHERS} />;
}

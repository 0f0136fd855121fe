import { XMLParser } from 'fast-xml-parser';
import type { ScormVersion } from '../../../shared/scorm/cmi';

// Reads imsmanifest.xml (IMS Content Packaging, as SCORM 1.2 and 2004 use it): the version,
// the title, and the launch file, which is the resource of the default organization's first
// item that names one (SCORM CAM: the first SCO or asset a learner meets).

export interface ManifestFacts {
  version: ScormVersion;
  title: string;
  /** Inside the package, relative to its root, with the item's parameters if any. */
  launchHref: string;
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is Node => typeof v === 'object' && v !== null,
  );
const text = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (value && typeof value === 'object' && '#text' in value) return text((value as Node)['#text']);
  // IMS titles may be langstrings: <title><langstring>…</langstring></title>.
  if (value && typeof value === 'object') {
    const nested = list((value as Node).langstring ?? (value as Node).string)[0];
    if (nested) return text(nested);
    const plain = (value as Node).langstring ?? (value as Node).string;
    if (typeof plain === 'string') return plain.trim();
  }
  return '';
};

export class ManifestError extends Error {}

function firstLaunchItem(items: Node[]): Node | null {
  for (const item of items) {
    if (typeof item['@_identifierref'] === 'string' && item['@_identifierref']) return item;
    const nested = firstLaunchItem(list(item.item));
    if (nested) return nested;
  }
  return null;
}

function versionOf(manifest: Node, xml: string): ScormVersion {
  const schemaVersion = text(list(manifest.metadata)[0]?.schemaversion);
  if (/2004|CAM 1\.3/i.test(schemaVersion)) return '2004';
  if (/^1\.2$/.test(schemaVersion)) return '1.2';
  if (/adlcp_v1p3|adlcp_v1p3|imsss/i.test(xml)) return '2004';
  return '1.2';
}

/** Joins xml:base values and an href the way a browser resolves them, within the package. */
function joinBase(bases: string[], href: string): string {
  return [...bases.filter(Boolean), href].reduce((acc, part) => {
    if (!acc || /^[a-z][a-z0-9+.-]*:/i.test(part) || part.startsWith('/')) return part;
    return acc.endsWith('/') ? acc + part : `${acc.slice(0, acc.lastIndexOf('/') + 1)}${part}`;
  }, '');
}

/** The facts of a manifest's text; ManifestError with an English reason when it has none. */
export function readManifest(xml: string): ManifestFacts {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch {
    throw new ManifestError('imsmanifest.xml is not well-formed XML.');
  }
  const manifest = list(document.manifest)[0];
  if (!manifest) throw new ManifestError('imsmanifest.xml has no <manifest> element.');
  const organizations = list(manifest.organizations)[0];
  const all = list(organizations?.organization);
  const wanted = organizations?.['@_default'];
  const organization = all.find((o) => o['@_identifier'] === wanted) ?? all[0];
  if (!organization) throw new ManifestError('imsmanifest.xml has no organization.');
  const item = firstLaunchItem(list(organization.item));
  if (!item) throw new ManifestError('No item of the organization names a resource.');
  const resources = list(manifest.resources)[0];
  const resource = list(resources?.resource).find(
    (r) => r['@_identifier'] === item['@_identifierref'],
  );
  const href = typeof resource?.['@_href'] === 'string' ? resource['@_href'].trim() : '';
  if (!resource || !href) throw new ManifestError("The first item's resource has no href.");
  const base = [manifest['@_base'], resources?.['@_base'], resource['@_base']].map((b) =>
    typeof b === 'string' ? b : '',
  );
  let launchHref = joinBase(base, href);
  const parameters = typeof item['@_parameters'] === 'string' ? item['@_parameters'].trim() : '';
  if (parameters) {
    const glue = launchHref.includes('?') ? '&' : '?';
    launchHref +=
      parameters.startsWith('?') || parameters.startsWith('#') ? parameters : glue + parameters;
  }
  return {
    version: versionOf(manifest, xml),
    title: (text(organization.title) || text(list(manifest.metadata)[0]?.title) || 'SCORM').slice(
      0,
      200,
    ),
    launchHref,
  };
}

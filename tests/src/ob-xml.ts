// Reading remote.php's replies as OB Player 5.3.0 does (xml.dom.minidom, PROTOCOL.md 1.4-1.5), and
// no more leniently: a well-formed document or an exception, the first matching direct child wins,
// required elements must be there, `last_updated` an integer, `order` and `offset` numbers, and any
// `<error>` anywhere aborts the sync.

export interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) throw new Error('bare & in text');
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    const value = ENTITIES[name];
    if (value === undefined) throw new Error(`unknown entity &${name};`);
    return value;
  });
}

/** Parses a whole document strictly (no attributes are expected anywhere: one is an error). */
export function parseXml(source: string): XmlElement {
  let at = 0;
  const rest = () => source.slice(at);
  const declaration = /^<\?xml[^?]*\?>\s*/.exec(rest());
  if (declaration) at += declaration[0].length;
  const element = (): XmlElement => {
    const open = /^<([A-Za-z_][\w.-]*)\s*(\/?)>/.exec(rest());
    if (!open) throw new Error(`expected an element without attributes at ${at}: ${rest().slice(0, 40)}`);
    at += open[0].length;
    const node: XmlElement = { name: open[1]!, children: [], text: '' };
    if (open[2]) return node;
    for (;;) {
      const text = /^[^<]*/.exec(rest())![0];
      node.text += decode(text);
      at += text.length;
      if (rest().startsWith(`</${node.name}>`)) {
        at += node.name.length + 3;
        return node;
      }
      if (rest().startsWith('</') || at >= source.length) throw new Error(`unclosed <${node.name}>`);
      node.children.push(element());
    }
  };
  const root = element();
  if (rest().trim() !== '') throw new Error('content after the root element');
  return root;
}

/** Every element named `name` anywhere below `root` (getElementsByTagName). */
export function allNamed(root: XmlElement, name: string): XmlElement[] {
  return root.children.flatMap((child) => [...(child.name === name ? [child] : []), ...allNamed(child, name)]);
}

/** The text of the first direct child named `name`, or throws as the player would. */
export function required(parent: XmlElement, name: string): string {
  const child = parent.children.find((c) => c.name === name);
  if (!child) throw new Error(`<${parent.name}> has no <${name}>`);
  return child.text;
}

export const child = (parent: XmlElement, name: string) => parent.children.find((c) => c.name === name);

export interface PlayerItem {
  duration: number;
  type: string;
  order: number;
  offset: number;
  id: number;
  filename: string;
  title: string;
  artist: string;
  hash: string;
  filesize: number;
  location: string;
  approved: string;
  archived: string;
}

export interface PlayerShow {
  id: number;
  start: number;
  type: string;
  name: string;
  description: string;
  last_updated: number;
  duration: number;
  media: PlayerItem[];
}

const numberOf = (text: string, what: string) => {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`${what} is not a number: ${text}`);
  return Number(text);
};

/** xml_get_media_item (sync.py:88-105): missing elements read as "", `id` as 0; order and offset must be numbers. */
function itemOf(item: XmlElement): PlayerItem {
  const text = (name: string) => child(item, name)?.text ?? '';
  return {
    duration: Number(text('duration') || 0),
    type: text('type'),
    order: numberOf(required(item, 'order'), 'order'),
    offset: numberOf(required(item, 'offset'), 'offset'),
    id: Number(text('id') || 0),
    filename: text('filename'),
    title: text('title'),
    artist: text('artist'),
    hash: text('hash'),
    filesize: Number(text('filesize') || 0),
    location: text('location'),
    approved: text('approved'),
    archived: text('archived'),
  };
}

/** A schedule reply as the player reads it (sync.py:405-566), or throws where the player's sync would fail. */
export function playerSchedule(body: string): PlayerShow[] {
  const root = parseXml(body);
  if (root.name !== 'obconnect') throw new Error('not <obconnect>');
  if (allNamed(root, 'error').length) throw new Error(`error: ${allNamed(root, 'error')[0]!.text}`);
  const schedule = child(root, 'schedule');
  if (!schedule) throw new Error('no <schedule>');
  return schedule.children
    .filter((c) => c.name === 'show')
    .map((show) => {
      const lastUpdated = required(show, 'last_updated');
      if (!/^\d+$/.test(lastUpdated)) throw new Error(`last_updated is not an integer: ${lastUpdated}`);
      const date = required(show, 'date');
      const time = required(show, 'time');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}:\d{2}$/.test(time)) throw new Error(`bad date/time ${date} ${time}`);
      const media = child(show, 'media');
      if (!media) throw new Error('<show> has no <media>');
      return {
        id: numberOf(required(show, 'id'), 'id'),
        start: Date.parse(`${date}T${time}Z`) / 1000,
        type: child(show, 'type')?.text ?? '',
        name: child(show, 'name')?.text ?? '',
        description: child(show, 'description')?.text ?? '',
        last_updated: Number(lastUpdated),
        duration: numberOf(required(show, 'duration'), 'duration'),
        media: media.children.filter((c) => c.name === 'item').map(itemOf),
      };
    });
}

/** The 15 fields of each `<broadcast>` (sync.py:581-689): a missing one throws. */
export const BROADCAST_FIELDS = ['id', 'start_timestamp', 'end_timestamp', 'frequency', 'artist', 'filename', 'title', 'media_id', 'duration', 'media_type', 'hash', 'filesize', 'location', 'approved', 'archived'] as const;

export function playerBroadcasts(body: string): Record<(typeof BROADCAST_FIELDS)[number], string>[] {
  const root = parseXml(body);
  if (allNamed(root, 'error').length) throw new Error(`error: ${allNamed(root, 'error')[0]!.text}`);
  return allNamed(root, 'broadcast').map((b) => Object.fromEntries(BROADCAST_FIELDS.map((name) => [name, (allNamed(b, name)[0] ?? fail(name)).text])) as Record<(typeof BROADCAST_FIELDS)[number], string>);
}

const fail = (name: string): never => {
  throw new Error(`<broadcast> has no <${name}>`);
};

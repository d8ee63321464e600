import { describe, expect, it } from 'vitest';
import { listClientsUrl, parseListClients } from './listclients';

// As Icecast 2.4.4 answers /admin/listclients?mount=/onair (read off Debian's icecast2).
const ANSWER = `<?xml version="1.0"?>
<icestats><source mount="/onair"><Listeners>2</Listeners><listener id="3"><IP>127.0.0.1</IP><UserAgent>Lavf/59.27.100</UserAgent><Connected>12</Connected><ID>3</ID></listener><listener id="9"><IP>2001:db8::1</IP><UserAgent>VLC &amp; &lt;friends&gt;</UserAgent><Connected>0</Connected><ID>9</ID></listener></source></icestats>`;

describe("Icecast's list of a mount's listeners", () => {
  it('reads each listener: id, address, agent (entities decoded) and seconds connected', () => {
    expect(parseListClients(ANSWER, '/onair')).toEqual([
      { client: '3', ip: '127.0.0.1', agent: 'Lavf/59.27.100', connected: 12 },
      { client: '9', ip: '2001:db8::1', agent: 'VLC & <friends>', connected: 0 },
    ]);
  });

  it('reads a mount with nobody as an empty list, and anything else as no list', () => {
    expect(parseListClients('<?xml version="1.0"?>\n<icestats><source mount="/onair"><Listeners>0</Listeners></source></icestats>', '/onair')).toEqual([]);
    expect(parseListClients(ANSWER, '/other')).toBeNull();
    expect(parseListClients('<html><body>Source does not exist</body></html>', '/onair')).toBeNull();
    expect(parseListClients('<?xml version="1.0"?><iceresponse><message>Source does not exist</message><return>0</return></iceresponse>', '/onair')).toBeNull();
    expect(parseListClients('not xml <<<', '/onair')).toBeNull();
  });

  it('asks the Icecast of the stream URL, for its mount, without the URL’s credentials', () => {
    expect(listClientsUrl('http://source:pw@icecast:8000/station.mp3')).toBe('http://icecast:8000/admin/listclients?mount=%2Fstation.mp3');
    expect(listClientsUrl('https://radio.example/live')).toBe('https://radio.example/admin/listclients?mount=%2Flive');
    expect(listClientsUrl('http://icecast:8000/')).toBeNull();
    expect(listClientsUrl('rtmp://x/y')).toBeNull();
    expect(listClientsUrl('nonsense')).toBeNull();
  });
});

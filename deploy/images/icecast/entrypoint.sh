#!/bin/sh
# Writes Icecast's configuration from the environment into /tmp (the root filesystem is read only)
# and runs Icecast in the foreground, logging to stderr.
set -eu
: "${ICECAST_SOURCE_PASSWORD:?set ICECAST_SOURCE_PASSWORD}"
: "${ICECAST_ADMIN_PASSWORD:?set ICECAST_ADMIN_PASSWORD}"
mkdir -p /tmp/icecast/log
cat > /tmp/icecast/icecast.xml <<XML
<icecast>
  <location>Airwave</location>
  <admin>icemaster@localhost</admin>
  <hostname>${ICECAST_HOSTNAME:-localhost}</hostname>
  <limits>
    <clients>${ICECAST_MAX_LISTENERS:-500}</clients>
    <sources>200</sources>
    <queue-size>524288</queue-size>
    <client-timeout>30</client-timeout>
    <header-timeout>15</header-timeout>
    <source-timeout>10</source-timeout>
    <burst-size>65535</burst-size>
  </limits>
  <authentication>
    <source-password>${ICECAST_SOURCE_PASSWORD}</source-password>
    <admin-user>admin</admin-user>
    <admin-password>${ICECAST_ADMIN_PASSWORD}</admin-password>
  </authentication>
  <listen-socket><port>8000</port></listen-socket>
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir>
    <logdir>/tmp/icecast/log</logdir>
    <webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot>
  </paths>
  <logging>
    <accesslog>-</accesslog>
    <errorlog>-</errorlog>
    <loglevel>2</loglevel>
  </logging>
</icecast>
XML
exec icecast2 -c /tmp/icecast/icecast.xml

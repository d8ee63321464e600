// The console's first page: On air when there is a player to show, the media library otherwise.
import { LoadingOverlay } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { api } from '../lib/api';

export function Home() {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api.scheduling.playerList({ limit: 1 }).then(
      (players) => current && setTarget(players.length ? '/on-air' : '/media'),
      () => current && setTarget('/media'),
    );
    return () => {
      current = false;
    };
  }, []);
  return target ? <Navigate to={target} replace /> : <LoadingOverlay visible />;
}

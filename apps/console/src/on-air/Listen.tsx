// Listening to a player's stream in the page: an <audio> element given the stream URL only when
// Listen is pressed (nothing is loaded before), Stop ends it (the connection too). A mount that
// refuses, errs or sends nothing within 15 s is said in words; and how many listen, when the
// playout knows it (use-listeners.ts).
import { useTranslation } from 'react-i18next';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

const SILENT_MS = 15_000;
type State = 'stopped' | 'starting' | 'playing' | 'failed';

export function Listen({ streamUrl, listeners }: { streamUrl: string; listeners: number | null }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<State>('stopped');
  const stop = (next: State = 'stopped') => {
    const element = audio.current;
    if (element) {
      element.pause();
      element.removeAttribute('src');
      element.load();
    }
    setState(next);
  };
  // Another player's stream, or the page left: stop listening.
  useEffect(() => () => stop(), [streamUrl]);
  useEffect(() => {
    if (state !== 'starting') return;
    const timer = window.setTimeout(() => stop('failed'), SILENT_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  const listen = () => {
    const element = audio.current;
    if (!element) return;
    setState('starting');
    element.src = streamUrl;
    element.play().catch((failure: unknown) => {
      // Stop pressed before it began is not a failure.
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) stop('failed');
    });
  };
  const failed = () => {
    if (audio.current?.getAttribute('src')) stop('failed');
  };
  return (
    <div>
      <Group gap="sm">
        {state === 'stopped' || state === 'failed' ? (
          <Button variant="light" size="xs" onClick={listen}>{t('Listen')}</Button>
        ) : (
          <Button variant="light" size="xs" onClick={() => stop()}>{t('Stop')}</Button>
        )}
        {state === 'starting' && <Text size="sm">{t('Connecting to the stream…')}</Text>}
        {listeners !== null && <Text size="sm" data-testid="listeners">{t('{{count}} listeners', { count: listeners })}</Text>}
      </Group>
      <audio ref={audio} preload="none" onPlaying={() => setState('playing')} onError={failed} aria-hidden="true" />
      {state === 'failed' && (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {t('The stream at {{url}} does not answer.', { url: streamUrl })}
        </Text>
      )}
    </div>
  );
}

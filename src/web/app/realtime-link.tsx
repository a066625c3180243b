import { RealtimeLink } from '../lib/realtime/realtime-provider';
import { appReactions } from './push-reactions';

/** The app's live connection with every feature's push reactions, loaded after the first paint. */
export function AppRealtimeLink() {
  return <RealtimeLink reactions={appReactions} />;
}

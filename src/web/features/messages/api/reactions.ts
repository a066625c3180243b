import { messagesApi } from '../../../../contracts/messages';
import { routeMatcher } from '../../../lib/api-routes';
import { field, type ReactionTable } from '../../../lib/realtime/feature-reactions';

// A message in, or the person's own change on another tab or device (a read, an archive): the
// lists, the unread count, that conversation's thread and search results refresh, so every count
// is right wherever the person read.
const refresh: ReactionTable[string] = (message) => [
  routeMatcher(messagesApi.list),
  routeMatcher(messagesApi.unread),
  routeMatcher(messagesApi.thread, { id: field(message, 'conversationId') }),
  routeMatcher(messagesApi.search),
];

// A read, by someone else (their read receipt in that thread) or by the person on another tab or
// device (their unread counts): the lists, the count and that thread; search results show neither.
const read: ReactionTable[string] = (message) => [
  routeMatcher(messagesApi.list),
  routeMatcher(messagesApi.unread),
  routeMatcher(messagesApi.thread, { id: field(message, 'conversationId') }),
];

export const messagesReactions: ReactionTable = { new_message: refresh, message_sent: refresh, message_read: read };

// The simulator's chat list: the conversations with the chosen bot in this tab, each with a mode dot (waiting
// for a person red, with a person yellow, with the bot green), a new one, and a switch between them.
import type { Mode } from '../shared/api.ts';
import type { ChatEntry } from './useChatList.ts';
import './chat-list.css';

const MODE_TEXT: Record<Mode, string> = { handoff_pending: 'waiting for a person', human: 'with a person', bot: 'with the bot' };

export function ChatList({ chats, active, onNew, onSelect }: { chats: ChatEntry[]; active: string | null; onNew: () => void; onSelect: (chat: ChatEntry) => void }) {
  return (
    <nav className="chat-list" aria-label="Conversations" data-testid="chat-list">
      <button type="button" className="secondary" data-testid="new-conversation" aria-pressed={active === null} onClick={onNew}>
        New conversation
      </button>
      {chats.length > 0 && (
        <ul>
          {chats.map((c) => (
            <li key={c.sessionId}>
              <button
                type="button"
                className={`chat-item${c.sessionId === active ? ' active' : ''}`}
                aria-current={c.sessionId === active ? 'true' : undefined}
                data-testid="chat-item"
                data-session-id={c.sessionId}
                data-mode={c.mode}
                onClick={() => onSelect(c)}
              >
                <span className={`chat-dot ${c.mode}`} aria-hidden="true" data-testid="chat-dot" />
                <span className="chat-title">{c.title || c.sessionId.slice(0, 8)}</span>
                <span className="visually-hidden">, {MODE_TEXT[c.mode] ?? c.mode}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates";

export interface MessageSummary {
  id: number;
  name: string;
  subject: string;
  createdAt: string;
}

/** Contact messages as a list of links to read each one in full. */
export function MessageList({ messages, empty }: { messages: MessageSummary[]; empty: string }) {
  if (messages.length === 0) return <p className="text-sm text-stone-600">{empty}</p>;
  return (
    <ul className="-mx-2 divide-y divide-stone-100">
      {messages.map((message) => (
        <li key={message.id}>
          <Link to={`/admin/messages/${message.id}`} className="block min-h-11 rounded-md px-2 py-2 hover:bg-stone-50">
            <span className="block font-medium text-stone-900 [overflow-wrap:anywhere]">{message.subject}</span>
            <span className="block text-sm text-stone-600">
              {message.name} · le {formatDateTime(message.createdAt)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

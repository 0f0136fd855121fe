import { AssistantLauncher } from '../../features/assistant/AssistantLauncher';
import { MessagesButton } from '../../features/inbox/MessagesButton';
import { NotificationsButton } from '../../features/inbox/NotificationsButton';
import { ProfileMenu } from './ProfileMenu';
import { ToolsMenu } from './ToolsMenu';

export interface TopBarActionsProps {
  messagesButton: boolean;
  /** The assistant's top-bar button (the school has it on, and the window is over 768). */
  assistantButton: boolean;
  toolsMenu: boolean;
  userName: string;
  entryCount: number;
}

/**
 * The top bar's buttons on the right: the assistant, messages, notifications, tools and profile. A chunk of
 * their own (menus, dialogs, the notifications panel and their counts), loaded once the area's
 * first screen has painted; TopBar shows their icons until then.
 */
export default function TopBarActions({
  messagesButton,
  assistantButton,
  toolsMenu,
  userName,
  entryCount,
}: TopBarActionsProps) {
  return (
    <>
      {assistantButton && <AssistantLauncher variant="top-bar" />}
      {messagesButton && <MessagesButton />}
      <NotificationsButton />
      {toolsMenu && <ToolsMenu />}
      <ProfileMenu userName={userName} entryCount={entryCount} />
    </>
  );
}

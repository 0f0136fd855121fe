import ChatRoomPage from './ChatRoomPage';
import ChatRoomsPage from './ChatRoomsPage';

// Every role's `messages` and `message/{chat_room_id}` (spec §2).
export const chatScreens = { rooms: ChatRoomsPage, room: ChatRoomPage };

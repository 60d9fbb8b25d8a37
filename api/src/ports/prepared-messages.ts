import type { Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';

/** A card the bot keeps for one user to share (Bot API `savePreparedInlineMessage`). */
export interface PreparedCard {
  /** Who may send it: the signed-in user. */
  userId: number;
  /** A stable id per card within the bot's results (Telegram asks for 1-64 bytes). */
  resultId: string;
  title: string;
  /** The line Telegram's share dialog shows under the title. */
  description: string;
  /** The message itself (plain text). */
  text: string;
  keyboard: InlineKeyboardMarkup;
}

/** What Zalik asks of Telegram to share a card into a chat the user picks. */
export interface PreparedMessages {
  /** The prepared message's id for the app's `shareMessage`, and when Telegram forgets it. */
  save(card: PreparedCard): Promise<{ id: string; expiresAt: Date }>;
}

export function telegramPreparedMessages(api: Api): PreparedMessages {
  return {
    async save(card) {
      const prepared = await api.savePreparedInlineMessage(
        card.userId,
        {
          type: 'article',
          id: card.resultId,
          title: card.title,
          description: card.description,
          input_message_content: { message_text: card.text, link_preview_options: { is_disabled: true } },
          reply_markup: card.keyboard,
        },
        // A course chat is a group or a supergroup; a friend is a private chat. Channels and bots get no cards.
        { allow_user_chats: true, allow_group_chats: true, allow_bot_chats: false, allow_channel_chats: false },
      );
      return { id: prepared.id, expiresAt: new Date(prepared.expiration_date * 1000) };
    },
  };
}

// What a channel gives the hub: how to send (text, a template), presence calls, and checks around a turn.
import type { ReopenTemplate } from '../bot/index.ts';
import type { ChatResult } from '../engine/index.ts';
import type { SessionRow } from '../store/index.ts';
import type { ReplyFormat } from './render.ts';
import type { Address, ChannelName, InboundMessage } from './types.ts';

/** What a channel contributes: how to send, and (Chatwoot) what to check around a turn. */
export interface ChannelAdapter {
  name: ChannelName;
  /** The name operators read in system messages: 'WhatsApp', 'Chatwoot'. */
  label: string;
  /** How replies are shown: WhatsApp marks, markdown (Chatwoot renders it) or plain text. Default markdown. */
  format?: ReplyFormat;
  /** The longest text one message may carry (per address, e.g. a Chatwoot WhatsApp inbox); longer replies go out in parts. */
  maxLength?: number | ((address: Address) => number);
  /** Send one text. Resolves with the provider's message id; throws (ProviderError) on failure. */
  send(address: Address, text: string, bot: string): Promise<string | undefined>;
  /** Send an approved template carrying `text` (WhatsApp outside the 24-hour window). */
  sendTemplate?(address: Address, template: ReopenTemplate, text: string, bot: string): Promise<string | undefined>;
  /**
   * Tell the customer their message was seen (`read`) and an answer is coming (`typing`). Best effort: the hub
   * never waits for it, and a failure only gets logged.
   */
  presence?(msg: InboundMessage, show: { read: boolean; typing: boolean }): Promise<void>;
  /** The reply went out (or none will): stop "typing…", for providers that do not stop it themselves. */
  typingDone?(msg: InboundMessage): Promise<void>;
  /** 'record' stores the message without running the bot (e.g. a person has it in Chatwoot). Default 'run'. */
  beforeTurn?(msg: InboundMessage, session: SessionRow): Promise<'run' | 'record'>;
  afterTurn?(msg: InboundMessage, session: SessionRow, result: ChatResult): Promise<void>;
}

/** 'ignored': nothing was left to answer once the ingress cleaned the text. 'own': the echo of a message Switchboard sent. */
export type AcceptOutcome = 'queued' | 'duplicate' | 'ignored' | 'own';

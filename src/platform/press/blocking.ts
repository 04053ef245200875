/**
 * The one place press asks whether a user refuses messages from another. User blocking belongs
 * to the accounts feature ("block a user: they cannot invite me or message me"); when it lands,
 * this answers its isBlocked(recipient, sender). Until then nobody has blocked anybody.
 */
export async function pressBlocked(_recipientId: string, _senderId: string): Promise<boolean> {
  return false;
}

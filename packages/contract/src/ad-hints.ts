// Issue 19: filled by the work on this part of the moderation desk.
export {};

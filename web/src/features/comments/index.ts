// The comments feed every area shows under its cards.
export { CommentFeed, type CommentFeedProps } from './CommentFeed';

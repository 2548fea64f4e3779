-- Session changes get their own channel (src/lib/read-cache.ts, plugins/read-cache.ts): a
-- session's end (revoked, deleted, its limit or owner or token changed) or a new Session timeout
-- sends the holder id on 'pehchaan_sessions_changed', which drops only that holder's cached
-- sessions; a change of the holder's data ('pehchaan_holder_changed', migration 0005) no longer
-- drops them. The holder id is also still sent on 'pehchaan_holder_changed', so an instance of
-- an earlier release (listening there only) keeps refusing an ended session during an upgrade;
-- session ends are rare, the cost of that second notification is nil.
-- When a row's user_id changes, both holders are announced (OLD's cached copy is the stale one).
CREATE OR REPLACE FUNCTION pehchaan_notify_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('pehchaan_sessions_changed', OLD.user_id);
    PERFORM pg_notify('pehchaan_holder_changed', OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('pehchaan_sessions_changed', NEW.user_id);
    PERFORM pg_notify('pehchaan_holder_changed', NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_ended ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_deleted ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_idle_changed ON sessions;
--> statement-breakpoint
-- A session's use (last_used_at, once a minute) is not announced; its end and its timeout are.
CREATE TRIGGER sessions_ended AFTER UPDATE OF revoked_at, absolute_expires_at, user_id, token_hash ON sessions
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_idle_changed AFTER UPDATE OF idle_minutes ON sessions
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_sessions_changed();

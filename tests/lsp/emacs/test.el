;;; test.el --- batch Emacs + Eglot as a real client of `cargo-minimize lsp'  -*- lexical-binding: t -*-

;; Debian's emacs-nox 28 with elpa-eglot (1.9) and elpa-rust-mode, run as
;; `emacs --batch -l test.el' (Debian's site-start activates the packages).
;; Eglot is configured as the README says: an `eglot-server-programs' entry with
;; :initializationOptions for a mode derived from rust-mode. It is driven through
;; its own commands: code actions are picked with `eglot-code-actions' (its menu
;; answered by `completing-read', as a user would), with Eglot's own request
;; timeout (`jsonrpc-default-request-timeout', 10 s). The compiler is slowed down by the harness (RUSTC is a wrapper), so the
;; first job lasts longer than that timeout.
;;
;; Environment: CARGO_MINIMIZE_BIN, CM_CASE (the ICE file), CM_CACHE_DIR,
;; CM_EMACS_LOG (written at the end: what happened, then PASS or FAIL), CM_EVENTS
;; (Eglot's events buffer, for diagnosis). Exit status 0 when every check held.

(require 'cl-lib)
(require 'seq)
(require 'eglot)
(require 'rust-mode)

(defvar cm-log-lines nil)
(defun cm-log (fmt &rest args)
  (let ((line (apply #'format fmt args)))
    (push line cm-log-lines)
    (message "cm: %s" line)))

(defun cm-dump-events ()
  "Writes Eglot's events buffer (every JSON-RPC message) to $CM_EVENTS."
  (let ((events (seq-find (lambda (b) (string-match-p "EGLOT.*events" (buffer-name b)))
                          (buffer-list))))
    (when (and events (getenv "CM_EVENTS"))
      (with-current-buffer events
        (write-region (point-min) (point-max) (getenv "CM_EVENTS") nil 'silent)))))

(defun cm-finish (ok why)
  (cm-log "%s %s" (if ok "PASS" "FAIL") why)
  (with-temp-file (getenv "CM_EMACS_LOG")
    (insert (mapconcat #'identity (reverse cm-log-lines) "\n") "\n"))
  (cm-dump-events)
  (kill-emacs (if ok 0 1)))

(defmacro cm-check (cond fmt &rest args)
  `(unless ,cond (cm-finish nil (format ,fmt ,@args))))

;;; What the server sends, recorded.

(defvar cm-messages nil "window/showMessage texts, latest first.")
(defvar cm-finished nil "cargo-minimize/finished params (plists), latest first.")

(cl-defmethod eglot-handle-notification :before
  (_server (_method (eql window/showMessage)) &key _type message)
  (push message cm-messages))

;; The server's own notification at the end of a job, as a user's config could
;; handle it too.
(cl-defmethod eglot-handle-notification
  (_server (_method (eql cargo-minimize/finished)) &rest params)
  (cm-log "finished: %S" params)
  (push params cm-finished))

;;; The code-action menu (and any other prompt) answered as a user would: the
;;; first entry matching `cm-pick'.

(defvar cm-pick nil)
(defvar cm-offered nil "The entries of the last menu.")
(advice-add 'completing-read :override
            (lambda (_prompt collection &rest _)
              (let ((entries (mapcar (lambda (x) (if (consp x) (car x) x)) collection)))
                (setq cm-offered entries)
                (cm-log "menu: %S" entries)
                (or (seq-find (lambda (e) (string-match-p cm-pick e)) entries)
                    (cm-finish nil (format "no menu entry matching %s in %S" cm-pick entries))))))

(defun cm-wait (what pred seconds)
  "Waits until PRED holds, at most SECONDS; fails naming WHAT otherwise."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.1))
    (cm-check (funcall pred) "timed out waiting for %s" what)))

(defun cm-titles ()
  "The titles of the code actions at the start of the buffer (Eglot's request)."
  (mapcar (lambda (a) (plist-get a :title)) (eglot-code-actions (point-min) nil nil nil)))

(defun cm-run-action (regexp)
  "Picks the code action matching REGEXP through Eglot's interactive command;
returns the seconds it took.  Any error (a timeout) fails the test."
  (setq cm-pick regexp)
  ;; As from the keyboard (M-x): Eglot asks with `completing-read', not a mouse menu.
  (let ((t0 (float-time))
        (last-nonmenu-event ?\r))
    (condition-case err
        (eglot-code-actions (point-min) nil nil t)
      (error (cm-finish nil (format "%s: %S" regexp err))))
    (- (float-time) t0)))

(defun cm-file-string (f)
  (with-temp-buffer (insert-file-contents-literally f) (buffer-string)))

;;; The test.

(let* ((bin (getenv "CARGO_MINIMIZE_BIN"))
       (case-file (getenv "CM_CASE"))
       (cache (getenv "CM_CACHE_DIR"))
       (result (concat (file-name-sans-extension case-file) "_min.rs"))
       (original (cm-file-string case-file)))
  (cm-log "eglot %s, jsonrpc-default-request-timeout %s s"
          (or (ignore-errors (with-temp-buffer
                               (insert-file-contents (locate-library "eglot.el"))
                               (and (re-search-forward "^;; Version: \\(.*\\)$" nil t)
                                    (match-string 1))))
              "?")
          jsonrpc-default-request-timeout)
  ;; The README's setup: a mode of its own for repro files, so that Eglot (one
  ;; server per major mode and project) keeps rust-analyzer for `rust-mode'.
  (define-derived-mode rust-repro-mode rust-mode "Rust-repro")
  (add-to-list 'eglot-server-programs
               `(rust-repro-mode . (,bin "minimize" "lsp"
                                         :initializationOptions
                                         (:jobs 1 :cacheDir ,cache
                                                :env (:RUSTC_BOOTSTRAP "1")))))
  (find-file case-file)
  (rust-repro-mode)
  (cm-check (not (eq (car (eglot--lookup-mode 'rust-mode)) 'rust-repro-mode))
            "rust-mode buffers would get cargo-minimize too")
  (apply #'eglot (eglot--guess-contact))
  (cm-wait "the server" (lambda () (eglot-current-server)) 30)
  ;; Eglot sends `workspace/didChangeConfiguration' with empty settings right
  ;; after `initialized'; give it time to arrive before the job starts.
  (accept-process-output nil 1)

  ;; 1. The action, executed through Eglot with its default timeout; answered at
  ;; once, the job goes on.
  (let* ((titles (cm-titles))
         (t0 (float-time))
         (took (progn
                 (cm-check (member "Minimize this ICE" titles) "offered: %S" titles)
                 (cm-run-action "^Minimize this ICE"))))
    (cm-log "executeCommand answered in %.2f s" took)
    (cm-check (< took 2) "the command took %.1f s to answer" took)
    (cm-check (null cm-finished) "the job finished before the command returned")
    ;; While it runs: the cancel action is offered, the minimize action is not.
    (let ((during (cm-titles)))
      (cm-log "offered during the job: %S" during)
      (cm-check (seq-some (lambda (x) (string-prefix-p "Cancel minimization" x)) during)
                "no cancel action during the job: %S" during))
    (cm-wait "the result" (lambda () cm-finished) 600)
    (let ((r (car cm-finished))
          (elapsed (- (float-time) t0)))
      (cm-log "first job: %.1f s" elapsed)
      (cm-check (> elapsed 10) "the job lasted only %.1f s (not longer than the timeout)" elapsed)
      (cm-check (not (plist-get r :error)) "the job failed: %S" r)
      (cm-check (eq (plist-get r :cancelled) :json-false) "cancelled: %S" r)
      (cm-check (equal (plist-get r :output) result) "output %S" (plist-get r :output))
      (cm-check (file-exists-p result) "%s is not on disk" result)
      (cm-check (= (file-attribute-size (file-attributes result)) (plist-get r :outputBytes))
                "the file on disk is not the result")
      (cm-check (seq-some (lambda (m) (string-match-p (regexp-quote result) m)) cm-messages)
                "no message naming %s: %S" result cm-messages)))
  (cm-check (equal (cm-file-string case-file) original) "the original changed")

  ;; 2. The bug report: offered as an action, written beside the result.
  (let ((titles (cm-titles)))
    (cm-log "offered after the job: %S" titles)
    (cm-check (seq-some (lambda (x) (string-prefix-p "Open bug report" x)) titles)
              "no report action: %S" titles))
  (cm-run-action "^Open bug report")
  (let ((report (concat (file-name-sans-extension result) ".report.md")))
    (cm-wait "the report message"
             (lambda () (seq-some (lambda (m) (string-match-p (regexp-quote report) m)) cm-messages))
             10)
    (cm-check (file-exists-p report) "no report at %s" report))

  ;; 3. A rerun, cancelled from the code-action menu, does not replace the smaller
  ;; result. The disk cache is turned off through didChangeConfiguration (the
  ;; other settings stay), so that the rerun does not replay the first from it.
  ;; The server answers the cancel after the job's end has gone out: Eglot 1.9's
  ;; jsonrpc leaves the messages that arrive with a reply unread until the server
  ;; writes again, so an answer sent first would hide the end of the job.
  (let ((first (cm-file-string result))
        (n (length cm-finished)))
    (setq eglot-workspace-configuration '((:cargoMinimize . (:cacheDir "off"))))
    (eglot-signal-didChangeConfiguration (eglot-current-server))
    (cm-run-action "^Minimize this ICE")
    (accept-process-output nil 2)
    (cm-check (null (nthcdr n cm-finished)) "the rerun ended before the cancel")
    (let ((t0 (float-time)))
      (cm-run-action "^Cancel minimization")
      (cm-wait "the cancelled result" (lambda () (nthcdr n cm-finished)) 10)
      (cm-log "cancelled in %.2f s" (- (float-time) t0)))
    (let ((r (car cm-finished)))
      (cm-check (eq (plist-get r :cancelled) t) "not cancelled: %S" r)
      (cm-check (equal (cm-file-string result) first) "the cancelled rerun replaced the result")))
  (cm-check (equal (cm-file-string case-file) original) "the original changed")
  (cm-dump-events)
  (let ((server (eglot-current-server)))
    (eglot-shutdown server)
    (cm-check (not (jsonrpc-running-p server)) "the server did not exit"))
  (cm-finish t result))

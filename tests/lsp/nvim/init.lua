-- Headless Neovim (0.7, Debian's `neovim`) as a real LSP client of
-- `cargo-minimize lsp`: attach to the opened file, send an empty
-- didChangeConfiguration (settings from init_options must survive it), ask for
-- code actions, pick the minimize action through vim.ui.select as a user would,
-- see the command answered before the job ends, "Cancel minimization" offered
-- while it runs, progress that only rises with short messages, the result, then
-- "Open bug report" offered and run. Neovim has no window/showDocument, so this
-- exercises the server's fallback (window/showMessage). Exit status: 0 when
-- everything held, 1 otherwise; the details go to $CM_NVIM_LOG.

local bin = assert(os.getenv('CARGO_MINIMIZE_BIN'), 'CARGO_MINIMIZE_BIN')
local logfile = assert(os.getenv('CM_NVIM_LOG'), 'CM_NVIM_LOG')
local cache = assert(os.getenv('CM_NVIM_CACHE'), 'CM_NVIM_CACHE')
local lines = {}
local function log(s)
  table.insert(lines, s)
end
local function finish(ok, why)
  log((ok and 'PASS ' or 'FAIL ') .. (why or ''))
  vim.fn.writefile(lines, logfile)
  vim.cmd(ok and 'qa!' or 'cq!')
end

local messages, progress, titles = {}, {}, {}
local answered_at, answer, finished_at, finished

vim.lsp.handlers['window/showMessage'] = function(_, result)
  log('showMessage: ' .. result.message)
  table.insert(messages, result.message)
end

local default_progress = vim.lsp.handlers['$/progress']
vim.lsp.handlers['$/progress'] = function(err, result, ctx, config)
  table.insert(progress, result.value)
  return default_progress(err, result, ctx, config)
end

vim.lsp.handlers['workspace/executeCommand'] = function(err, result)
  if err then
    log('executeCommand error: ' .. vim.inspect(err))
  end
  if answered_at == nil then
    answered_at = vim.loop.hrtime()
    answer = result
  end
end

vim.lsp.handlers['cargo-minimize/finished'] = function(_, result)
  log('finished: ' .. vim.inspect(result))
  finished_at = vim.loop.hrtime()
  finished = result
end

local pick = '^Minimize this ICE'
vim.ui.select = function(items, _, on_choice)
  for _, item in ipairs(items) do
    local action = item[2] or item
    table.insert(titles, action.title)
    log('offered: ' .. action.title)
  end
  for i, item in ipairs(items) do
    local action = item[2] or item
    if action.title:match(pick) then
      on_choice(item, i)
      return
    end
  end
  finish(false, 'no action matching ' .. pick)
end

-- The titles of the code actions at the cursor, asked synchronously.
local function action_titles()
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {} }
  local res = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', params, 5000) or {}
  local t = {}
  for _, r in pairs(res) do
    for _, a in ipairs(r.result or {}) do
      table.insert(t, a.title)
    end
  end
  return t
end

local function any(list, pattern)
  for _, x in ipairs(list) do
    if x:match(pattern) then
      return true
    end
  end
  return false
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    local file = vim.api.nvim_buf_get_name(0)
    local out = file:gsub('%.rs$', '_min.rs')
    local ready = false
    local id = vim.lsp.start_client({
      name = 'cargo-minimize',
      cmd = { bin, 'minimize', 'lsp' },
      root_dir = vim.fn.fnamemodify(file, ':h'),
      init_options = { jobs = 2, cacheDir = cache, env = { RUSTC_BOOTSTRAP = '1' } },
      on_init = function(client)
        -- As Eglot does: an empty settings object must not reset init_options.
        client.notify('workspace/didChangeConfiguration', { settings = vim.empty_dict() })
        ready = true
      end,
    })
    vim.lsp.buf_attach_client(0, id)
    if not vim.wait(20000, function()
      return ready
    end, 50) then
      return finish(false, 'the server did not initialize')
    end
    vim.api.nvim_win_set_cursor(0, { 1, 0 })
    vim.lsp.buf.code_action()
    if not vim.wait(10000, function()
      return answered_at ~= nil
    end, 20) then
      return finish(false, 'the command was not answered')
    end
    log('answer: ' .. vim.inspect(answer))
    if finished_at ~= nil then
      return finish(false, 'the command was answered only when the job ended')
    end
    local during = action_titles()
    log('offered during the job: ' .. table.concat(during, ', '))
    if not any(during, '^Cancel minimization') then
      return finish(false, 'no cancel action while the job runs')
    end
    -- The message, then the notification with the result.
    local done = vim.wait(300000, function()
      if not finished then
        return false
      end
      for _, m in ipairs(messages) do
        if m:find(out, 1, true) then
          return true
        end
      end
      return false
    end, 100)
    if not done then
      return finish(false, 'no result and message naming ' .. out)
    end
    if finished.cancelled or finished.error then
      return finish(false, 'the job did not finish: ' .. vim.inspect(finished))
    end
    -- Progress: seen, rising, short.
    local last = 0
    for _, v in ipairs(progress) do
      if v.message and (#v.message > 80 or v.message:find('\n')) then
        return finish(false, 'a long progress message: ' .. v.message)
      end
      if v.percentage then
        if v.percentage < last then
          return finish(false, ('progress went back from %d to %d'):format(last, v.percentage))
        end
        last = v.percentage
      end
    end
    log(('progress: %d messages, up to %d%%'):format(#progress, last))
    if #progress == 0 then
      return finish(false, 'no $/progress seen')
    end
    -- The server writes the file itself.
    if vim.fn.filereadable(out) ~= 1 then
      return finish(false, 'no file ' .. out)
    end
    local text = table.concat(vim.fn.readfile(out), '\n')
    log('result bytes: ' .. #text)
    local original = table.concat(vim.fn.readfile(file), '\n')
    if #text == 0 or #text >= #original then
      return finish(false, 'the result is not smaller: ' .. #text .. ' vs ' .. #original)
    end
    -- The report: offered as an action, written beside the result, named in a message.
    local after = action_titles()
    log('offered after the job: ' .. table.concat(after, ', '))
    if not any(after, '^Open bug report') then
      return finish(false, 'no report action after the job')
    end
    pick = '^Open bug report'
    vim.lsp.buf.code_action()
    local report = out:gsub('%.rs$', '.report.md')
    if not vim.wait(10000, function()
      return any(messages, vim.pesc(report))
    end, 50) then
      return finish(false, 'no message naming ' .. report)
    end
    if vim.fn.filereadable(report) ~= 1 then
      return finish(false, 'no report at ' .. report)
    end
    finish(true, out)
  end,
})

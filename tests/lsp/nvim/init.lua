-- Headless Neovim (0.7, Debian's `neovim`) as a real LSP client of
-- `cargo-minimize lsp`: attach to the opened file, ask for code actions, pick the
-- minimize action through vim.ui.select as a user would, and wait for the result.
-- Neovim has no window/showDocument, so this exercises the server's fallback
-- (window/showMessage). Exit status: 0 when everything held, 1 otherwise; the
-- details go to $CM_NVIM_LOG.

local bin = assert(os.getenv('CARGO_MINIMIZE_BIN'), 'CARGO_MINIMIZE_BIN')
local logfile = assert(os.getenv('CM_NVIM_LOG'), 'CM_NVIM_LOG')
local lines = {}
local function log(s)
  table.insert(lines, s)
end
local function finish(ok, why)
  log((ok and 'PASS ' or 'FAIL ') .. (why or ''))
  vim.fn.writefile(lines, logfile)
  vim.cmd(ok and 'qa!' or 'cq!')
end

local messages, progress_seen, titles = {}, 0, {}

vim.lsp.handlers['window/showMessage'] = function(_, result)
  log('showMessage: ' .. result.message)
  table.insert(messages, result.message)
end

vim.api.nvim_create_autocmd('User', {
  pattern = 'LspProgressUpdate',
  callback = function()
    progress_seen = progress_seen + 1
  end,
})

vim.ui.select = function(items, _, on_choice)
  for i, item in ipairs(items) do
    local action = item[2] or item
    table.insert(titles, action.title)
    log('offered: ' .. action.title)
  end
  for i, item in ipairs(items) do
    local action = item[2] or item
    if action.title:match('^Minimize this ICE') then
      on_choice(item, i)
      return
    end
  end
  finish(false, 'no minimize action offered')
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
      init_options = { jobs = 2, cacheDir = 'off', env = { RUSTC_BOOTSTRAP = '1' } },
      on_init = function()
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
    local done = vim.wait(300000, function()
      for _, m in ipairs(messages) do
        if m:find(out, 1, true) then
          return true
        end
      end
      return false
    end, 100)
    if not done then
      return finish(false, 'no message naming ' .. out)
    end
    if progress_seen == 0 then
      return finish(false, 'no $/progress seen')
    end
    -- The result arrives through workspace/applyEdit (a buffer for the new file)
    -- when the client announces file creation, else the server writes it.
    local buf = vim.fn.bufnr(out)
    local text
    if buf ~= -1 then
      vim.fn.bufload(buf)
      text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
      vim.api.nvim_buf_call(buf, function()
        vim.cmd('silent write!')
      end)
      log('route: workspace/applyEdit')
    elseif vim.fn.filereadable(out) == 1 then
      text = table.concat(vim.fn.readfile(out), '\n')
      log('route: written by the server')
    else
      return finish(false, 'no buffer and no file for ' .. out)
    end
    log('result bytes: ' .. #text)
    local original = table.concat(vim.fn.readfile(file), '\n')
    if #text == 0 or #text >= #original then
      return finish(false, 'the result is not smaller: ' .. #text .. ' vs ' .. #original)
    end
    finish(true, out)
  end,
})

// Drives the built yunzi binary the way Sabaki does, through Sabaki's own
// GTP library: set up a position, run lz-analyze B 50 and kata-analyze B 50
// ownership true for a moment, parse every info line with the rules
// Sabaki's analysis parser uses, stop each by sending another command, then
// play a genmove.
//
//   node testdata/sabaki/analyze.test.mjs ./yunzi
import assert from 'node:assert/strict'
import {resolve} from 'node:path'
import gtp from '@sabaki/gtp'

const {Controller, Command} = gtp
const binary = resolve(process.argv[2] ?? './yunzi')
const size = 9
const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'

// parseVertex is @sabaki/go-board's: "D4" -> [x, y] from the top-left.
function parseVertex(v) {
  if (v.length < 2) return [-1, -1]
  let x = letters.indexOf(v[0].toUpperCase())
  let y = size - +v.slice(1)
  return [x, y]
}

// parseAnalysis follows Sabaki's parser: split at "info", take the
// trailing run of vertices as the pv, the tokens before it as key/value
// pairs; win rates with a decimal point are fractions, without one they
// are scaled by 10000. KataGo's "ownership" tail is cut off first.
function parseAnalysis(line) {
  let [infos, ownership] = line.split(/\s+ownership\s+/)
  let variations = infos
    .split(/\s*info\s+/)
    .slice(1)
    .map((x) => x.trim())
    .map((x) => {
      let matchPV = x.match(/(pass|[A-Za-z]\d+)(\s+(pass|[A-Za-z]\d+))*$/)
      if (matchPV == null) return null
      let passIndex = matchPV[0].indexOf('pass')
      if (passIndex < 0) passIndex = Infinity
      return [
        x.slice(0, matchPV.index).trim().split(/\s+/).slice(0, -1),
        matchPV[0].slice(0, passIndex).split(/\s+/).filter((x) => x.length >= 2),
      ]
    })
    .filter((x) => x != null)
    .map(([tokens, pv]) => {
      let keys = tokens.filter((_, i) => i % 2 === 0)
      let values = tokens.filter((_, i) => i % 2 === 1)
      keys.push('pv')
      values.push(pv)
      return keys.reduce((acc, x, i) => ((acc[x] = values[i]), acc), {})
    })
    .filter(({move}) => move.match(/^[A-Za-z]\d+$/))
    .map(({move, visits, winrate, scoreLead, pv}) => ({
      vertex: parseVertex(move),
      visits: +visits,
      winrate: winrate.includes('.') ? +winrate * 100 : +winrate / 100,
      scoreLead: scoreLead != null ? +scoreLead : null,
      moves: pv.map((x) => parseVertex(x)),
    }))
  return {variations, ownership: ownership?.trim().split(/\s+/).map(Number)}
}

function checkVariation(v, kata) {
  let onBoard = ([x, y]) => x >= 0 && x < size && y >= 0 && y < size
  assert.ok(onBoard(v.vertex), `vertex ${v.vertex}`)
  assert.ok(Number.isInteger(v.visits) && v.visits > 0, `visits ${v.visits}`)
  assert.ok(v.winrate >= 0 && v.winrate <= 100, `winrate ${v.winrate}`)
  if (kata) assert.ok(Number.isFinite(v.scoreLead), `scoreLead ${v.scoreLead}`)
  else assert.equal(v.scoreLead, null)
  assert.ok(v.moves.length >= 1 && v.moves.every(onBoard), `pv ${v.moves}`)
  assert.deepEqual(v.moves[0], v.vertex, 'the pv starts with the move')
}

// analyze runs one analysis command for ms milliseconds, then stops it by
// sending `name`, as Sabaki stops analysis with its next command.
async function analyze(engine, command, ms, kata) {
  let lines = []
  let analysis = engine.sendCommand(Command.fromString(command), ({line}) => {
    if (line.startsWith('info ')) lines.push(line)
  })
  await new Promise((r) => setTimeout(r, ms))
  let next = engine.sendCommand({name: 'name'})
  let response = await analysis
  assert.equal(response.error, false, `${command}: ${response.content}`)
  assert.equal((await next).content, 'Yunzi')
  assert.ok(lines.length >= 2, `${command}: ${lines.length} info lines`)
  for (let line of lines) {
    let {variations, ownership} = parseAnalysis(line)
    assert.ok(variations.length > 0, `no variation in ${line}`)
    for (let v of variations) checkVariation(v, kata)
    if (kata) {
      assert.equal(ownership?.length, size * size, 'ownership values')
      assert.ok(ownership.every((x) => x >= -1 && x <= 1))
    }
  }
  return lines.length
}

const engine = new Controller(binary, ['--threads', '1', '--time', '1s', '--log-level', 'warn'])
engine.start()
try {
  let commands = (await engine.sendCommand({name: 'list_commands'})).content.split('\n')
  for (let c of ['lz-analyze', 'kata-analyze', 'lz-genmove_analyze', 'kata-genmove_analyze'])
    assert.ok(commands.includes(c), `${c} listed`)
  for (let c of ['boardsize 9', 'clear_board', 'komi 7', 'play B E5', 'play W C4', 'play B E3']) {
    let r = await engine.sendCommand(Command.fromString(c))
    assert.equal(r.error, false, `${c}: ${r.content}`)
  }
  let lz = await analyze(engine, 'lz-analyze B 50', 1600, false)
  let kata = await analyze(engine, 'kata-analyze B 50 ownership true', 1600, true)
  let move = await engine.sendCommand({name: 'genmove', args: ['W']})
  assert.equal(move.error, false)
  assert.match(move.content, /^([A-HJ-T]\d+|pass|resign)$/i)
  console.log(`ok: lz-analyze ${lz} lines, kata-analyze ${kata} lines, genmove W ${move.content}`)
} finally {
  await engine.stop()
}

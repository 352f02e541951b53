// Drives the built yunzi binary the way Sabaki does, through Sabaki's own
// GTP library: set up a position, run lz-analyze B 50 and kata-analyze B 50
// ownership true for a moment, parse every info line with the rules
// Sabaki's analysis parser uses, stop each by sending another command, then
// play a genmove.
//
// With a KataGo network as second argument, Yunzi runs with --model, and
// the analysis must show what the network knows: each candidate's prior
// is the network's policy for it (within the spread of the policy over
// the 8 symmetries, which kata-raw-nn all gives), every line has scoreLead
// and scoreMean, and the ownership is the network's.
//
//   node testdata/sabaki/analyze.test.mjs ./yunzi [MODEL]
import assert from 'node:assert/strict'
import {resolve} from 'node:path'
import gtp from '@sabaki/gtp'

const {Controller, Command} = gtp
const binary = resolve(process.argv[2] ?? './yunzi')
const model = process.argv[3] ? resolve(process.argv[3]) : null
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
    .map(({move, visits, winrate, scoreLead, scoreMean, prior, pv}) => ({
      move,
      vertex: parseVertex(move),
      visits: +visits,
      winrate: winrate.includes('.') ? +winrate * 100 : +winrate / 100,
      scoreLead: scoreLead != null ? +scoreLead : null,
      // Beyond what Sabaki reads: the mean score and the prior, a
      // fraction (kata-analyze's decimals, lz-analyze's scaled by 10000).
      scoreMean: scoreMean != null ? +scoreMean : null,
      prior: prior == null ? null : prior.includes('.') ? +prior : +prior / 10000,
      moves: pv.map((x) => parseVertex(x)),
    }))
  return {variations, ownership: ownership?.trim().split(/\s+/).map(Number)}
}

function checkVariation(v, kata) {
  let onBoard = ([x, y]) => x >= 0 && x < size && y >= 0 && y < size
  assert.ok(onBoard(v.vertex), `vertex ${v.vertex}`)
  assert.ok(Number.isInteger(v.visits) && v.visits > 0, `visits ${v.visits}`)
  assert.ok(v.winrate >= 0 && v.winrate <= 100, `winrate ${v.winrate}`)
  if (kata) {
    assert.ok(Number.isFinite(v.scoreLead), `scoreLead ${v.scoreLead}`)
    assert.ok(Number.isFinite(v.scoreMean), `scoreMean ${v.scoreMean}`)
  } else assert.equal(v.scoreLead, null)
  assert.ok(v.prior >= 0 && v.prior <= 1, `prior ${v.prior}`)
  assert.ok(v.moves.length >= 1 && v.moves.every(onBoard), `pv ${v.moves}`)
  assert.deepEqual(v.moves[0], v.vertex, 'the pv starts with the move')
}

// analyze runs one analysis command for at least ms milliseconds and
// until two info lines have come (at most a minute, so that a loaded
// machine's slow start is not taken for silence), then stops it by
// sending `name`, as Sabaki stops analysis with its next command, checks
// every info line, and returns their number and the last line's parse.
async function analyze(engine, command, ms, kata) {
  let lines = []
  let analysis = engine.sendCommand(Command.fromString(command), ({line}) => {
    if (line.startsWith('info ')) lines.push(line)
  })
  await new Promise((r) => setTimeout(r, ms))
  for (let waited = 0; lines.length < 2 && waited < 60000; waited += 100)
    await new Promise((r) => setTimeout(r, 100))
  let next = engine.sendCommand({name: 'name'})
  let response = await analysis
  assert.equal(response.error, false, `${command}: ${response.content}`)
  assert.equal((await next).content, 'Yunzi')
  assert.ok(lines.length >= 2, `${command}: ${lines.length} info lines`)
  let last
  for (let line of lines) {
    last = parseAnalysis(line)
    let {variations, ownership} = last
    assert.ok(variations.length > 0, `no variation in ${line}`)
    for (let v of variations) checkVariation(v, kata)
    if (kata) {
      assert.equal(ownership?.length, size * size, 'ownership values')
      assert.ok(ownership.every((x) => x >= -1 && x <= 1))
    }
  }
  return {count: lines.length, last}
}

// rawNN parses kata-raw-nn all: per symmetry, the policy by vertex and
// White's ownership, rows from the top as kata-analyze's ownership runs,
// and White's lead.
function rawNN(text) {
  let blocks = []
  let lines = text.split('\n').map((l) => l.trim())
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('symmetry ')) continue
    let block = {policy: {}, ownership: [], lead: NaN}
    for (let j = i + 1; j < lines.length && !lines[j].startsWith('symmetry '); j++) {
      if (lines[j].startsWith('whiteLead ')) block.lead = +lines[j].split(/\s+/)[1]
      if (lines[j] === 'policy') {
        for (let y = 0; y < size; y++) {
          lines[j + 1 + y].split(/\s+/).forEach((p, x) => {
            if (p !== 'NAN') block.policy[letters[x] + (size - y)] = +p
          })
        }
      }
      if (lines[j] === 'whiteOwnership') {
        for (let y = 0; y < size; y++) block.ownership.push(...lines[j + 1 + y].split(/\s+/).map(Number))
      }
    }
    blocks.push(block)
  }
  assert.equal(blocks.length, 8, 'kata-raw-nn all: 8 symmetries')
  return blocks
}

function correlation(a, b) {
  let mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length
  let ma = mean(a), mb = mean(b)
  let cov = 0, va = 0, vb = 0
  for (let i = 0; i < a.length; i++) {
    cov += (a[i] - ma) * (b[i] - mb)
    va += (a[i] - ma) ** 2
    vb += (b[i] - mb) ** 2
  }
  return cov / Math.sqrt(va * vb)
}

// checkNetworkAnalysis analyses for White, the player to move, and checks
// the analysis against the network's own outputs for the position.
async function checkNetworkAnalysis(engine) {
  let raw = await engine.sendCommand({name: 'kata-raw-nn', args: ['all']})
  assert.equal(raw.error, false, `kata-raw-nn all: ${raw.content}`)
  let blocks = rawNN(raw.content)
  let {count, last} = await analyze(engine, 'kata-analyze W 50 ownership true', 1600, true)
  let priors = 0
  for (let v of last.variations) {
    let policies = blocks.map((b) => b.policy[v.move])
    let [lo, hi] = [Math.min(...policies), Math.max(...policies)]
    assert.ok(v.prior >= lo - 0.002 && v.prior <= hi + 0.002,
      `${v.move}: prior ${v.prior} outside the network's policy over the symmetries, ${lo} to ${hi}`)
    priors += v.prior
  }
  assert.ok(priors <= 1.001, `the priors are shares of one policy: ${priors}`)
  // The analysis's ownership is White's view, as the network's.
  let mean = last.ownership.map((_, i) => blocks.reduce((s, b) => s + b.ownership[i], 0) / blocks.length)
  let r = correlation(last.ownership, mean)
  assert.ok(r >= 0.8, `ownership correlates ${r} with the network's`)
  let lead = blocks.reduce((s, b) => s + b.lead, 0) / blocks.length
  let best = last.variations[0]
  assert.ok(Math.abs(best.scoreLead - lead) <= 8, `scoreLead ${best.scoreLead} of ${best.move}, the network's lead ${lead}`)
  return count
}

let args = ['--threads', '1', '--time', '1s', '--log-level', 'warn']
if (model) args.push('--model', model)
const engine = new Controller(binary, args)
engine.start()
try {
  let commands = (await engine.sendCommand({name: 'list_commands'})).content.split('\n')
  for (let c of ['lz-analyze', 'kata-analyze', 'lz-genmove_analyze', 'kata-genmove_analyze'])
    assert.ok(commands.includes(c), `${c} listed`)
  assert.equal(commands.includes('kata-raw-nn'), model != null, 'kata-raw-nn listed exactly with a network')
  for (let c of ['boardsize 9', 'clear_board', 'komi 7', 'play B E5', 'play W C4', 'play B E3']) {
    let r = await engine.sendCommand(Command.fromString(c))
    assert.equal(r.error, false, `${c}: ${r.content}`)
  }
  let lz = (await analyze(engine, 'lz-analyze B 50', 1600, false)).count
  let kata = (await analyze(engine, 'kata-analyze B 50 ownership true', 1600, true)).count
  let network = model ? `, with the network kata-analyze W ${await checkNetworkAnalysis(engine)} lines` : ''
  let move = await engine.sendCommand({name: 'genmove', args: ['W']})
  assert.equal(move.error, false)
  assert.match(move.content, /^([A-HJ-T]\d+|pass|resign)$/i)
  console.log(`ok: lz-analyze ${lz} lines, kata-analyze ${kata} lines${network}, genmove W ${move.content}`)
} finally {
  await engine.stop()
}

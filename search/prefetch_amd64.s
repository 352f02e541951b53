#include "textflag.h"

// func prefetchForWrite(p unsafe.Pointer, n uintptr)
TEXT ·prefetchForWrite(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	MOVQ n+8(FP), BX
	ADDQ AX, BX         // BX: the end
	ANDQ $~63, AX       // from the start of p's cache line
loop:
	CMPQ AX, BX
	JAE  done
	// PREFETCHW (AX), spelled out: the Go assembler does not know it.
	BYTE $0x0F; BYTE $0x0D; BYTE $0x08
	ADDQ $64, AX
	JMP  loop
done:
	RET

// func prefetchLine(p unsafe.Pointer)
TEXT ·prefetchLine(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	RET

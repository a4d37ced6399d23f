import Testing
@testable import BigNum

@Suite struct BigIntTests {
    @Test("2^64 + 1 survives past 64 bits and prints exactly")
    func pastSixtyFourBits() {
        let big = BigInt(UInt64.max) + 2
        #expect(big.description == "18446744073709551617")
        #expect(big.intValue == nil)
        #expect(big.bitWidth == 65)
    }

    @Test("arithmetic, sign and comparison agree with Int on small values")
    func smallValues() {
        for a in -20...20 {
            for b in -7...7 {
                let x = BigInt(a), y = BigInt(b)
                #expect((x + y).intValue == a + b)
                #expect((x - y).intValue == a - b)
                #expect((x * y).intValue == a * b)
                #expect((x < y) == (a < b))
                if b != 0 {
                    #expect(x.floorDivided(by: y).intValue == Int((Double(a) / Double(b)).rounded(.down)))
                }
            }
        }
        #expect(BigInt(-5).signum == -1 && BigInt(0).isZero && BigInt(3).signum == 1)
    }

    @Test("parsing accepts base-10 integers and rejects anything else")
    func parsing() {
        #expect(BigInt("-123456789012345678901234567890")?.description == "-123456789012345678901234567890")
        #expect(BigInt("") == nil)
        #expect(BigInt("12a") == nil)
        #expect(BigInt("-") == nil)
        #expect(BigInt(" 1") == nil)
    }

    @Test("3^100 is exact")
    func power() {
        #expect(BigInt.power(3, 100).description == "515377520732011331036461129765621272702107522001")
    }

    @Test("Codable round-trips through a decimal string")
    func codable() throws {
        let v = BigInt.power(2, 80)
        let data = try JSONEncoder().encode([v])
        #expect(String(decoding: data, as: UTF8.self) == "[\"1208925819614629174706176\"]")
        #expect(try JSONDecoder().decode([BigInt].self, from: data) == [v])
    }
}

import Foundation

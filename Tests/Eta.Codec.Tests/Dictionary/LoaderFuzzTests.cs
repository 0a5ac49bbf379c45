using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>Randomly damaged dictionary text never escapes as an exception: it loads or reports a located error (2 x 12k inputs).</summary>
public class LoaderFuzzTests
{
    private const string FieldText =
        "!tag Type 1\n!tag DictionaryId 1\n" +
        "PROD_PERM  \"PERMISSION\"     1  NULL      INTEGER        5  UINT64   2\n" +
        "TRDPRC_1   \"LAST\"           6  TRDPRC_2  PRICE         17  REAL64   7\n" +
        "TRDPRC_2   \"LAST 1\"         7  NULL      PRICE         17  REAL64   7\n" +
        "RDN_EXCHID \"IDN EXCHANGE\"   4  NULL      ENUMERATED 3 ( 3 ) ENUM    1\n" +
        "MIN_FID    \"MIN\"       -32768  NULL      TIME_SECONDS   5  TIME     5\n";

    private const string EnumText =
        "!tag Type 2\nRDN_EXCHID 4\nOTHER -32768\n      0  \"   \"  undefined\n      1  #DE#  up\n" +
        "PRCTCK_1  14\n    2  \"B\"   b\n  300 #4B673533BD# kg\n";

    private const string Alphabet = "0123456789-()#\"! \t\nAZ_";

    [Theory]
    [InlineData(true, 1)]
    [InlineData(false, 2)]
    public void DamagedFilesLoadOrFailCleanly(bool fieldFile, int seed)
    {
        var random = new Random(seed);
        string original = fieldFile ? FieldText : EnumText;
        int lineCount = original.Count(c => c == '\n') + 2;
        var dictionary = new DataDictionary();
        int failures = 0;

        for (int i = 0; i < 12_000; i++)
        {
            char[] text = original.ToCharArray();
            int edits = random.Next(1, 4);
            for (int e = 0; e < edits; e++)
                text[random.Next(text.Length)] = Alphabet[random.Next(Alphabet.Length)];

            dictionary.Clear();
            var reader = new StringReader(new string(text));
            var error = fieldFile
                ? FieldDictionaryFileLoader.Load(dictionary, reader, "fuzz")
                : EnumTypeFileLoader.Load(dictionary, reader, "fuzz");
            if (error is null)
                continue;
            failures++;
            Assert.InRange(error.Line, 0, lineCount);
            Assert.False(string.IsNullOrWhiteSpace(error.Message));
        }

        Assert.InRange(failures, 1, 11_999); // damage is both caught and, when harmless, tolerated
    }
}

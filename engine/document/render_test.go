package document

import "testing"

func TestRenderYAML(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"sorted keys", map[string]any{"b": int64(1), "a": map[string]any{"z": true, "y": nil}}, "a:\n  \"y\": null\n  z: true\nb: 1\n"},
		{"compact lists", map[string]any{"l": []any{"x", map[string]any{"k": 1.5}}}, "l:\n- x\n- k: 1.5\n"},
		{"quotes what yaml 1.1 would misread", map[string]any{"s": []any{"yes", "0644", "1.0", "on", ""}}, "s:\n- \"yes\"\n- \"0644\"\n- \"1.0\"\n- \"on\"\n- \"\"\n"},
		{"multi-line text as a block", map[string]any{"s": "a\nb\n"}, "s: |\n  a\n  b\n"},
		{"whole floats print as ints", map[string]any{"f": 3.0, "big": int64(9007199254740993)}, "big: 9007199254740993\nf: 3\n"},
		{"empty object", map[string]any{}, "{}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := RenderYAML(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			for i := 0; i < 20; i++ {
				if again, _ := RenderYAML(tt.v); again != got {
					t.Fatalf("not deterministic:\n%s\n%s", got, again)
				}
			}
		})
	}
}

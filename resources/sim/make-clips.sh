#!/bin/sh
# Remakes the simulator's demo clips (run in this directory; needs Debian's ffmpeg and fonts-dejavu-core).
# The simulator never runs ffmpeg: the clips are committed. See README.md.
set -e
F=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mk() { # file width height colour0 colour1 colour2 title
  ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi \
    -i "gradients=s=${2}x${3}:r=24:c0=$4:c1=$5:c2=$6:speed=0.03:d=3" \
    -vf "drawbox=x='(iw-ih/6)*(0.5+0.45*sin(t*2.1))':y='ih*0.58':w='ih/6':h='ih/6':color=white@0.35:t=fill,drawtext=fontfile=$F:text='$7':fontcolor=white:fontsize=h/9:x=(w-tw)/2:y=h*0.36:shadowcolor=black@0.5:shadowx=3:shadowy=3,drawtext=fontfile=$F:text='Demo clip':fontcolor=white@0.85:fontsize=h/20:x=(w-tw)/2:y=h*0.25,drawtext=fontfile=$F:text='%{frame_num}  %{pts\\:hms}':start_number=1:fontcolor=white@0.9:fontsize=h/18:x=(w-tw)/2:y=h*0.84:shadowcolor=black@0.5:shadowx=2:shadowy=2" \
    -t 3 -c:v libx264 -preset slow -pix_fmt yuv420p -profile:v main -b:v 150k -maxrate 220k -bufsize 440k \
    -g 24 -movflags +faststart -an "$1"
}
# name colour0 colour1 colour2 title; the first palette keeps the plain clip-<shape>.mp4 names.
while read -r name c0 c1 c2 title; do
  suffix=$([ "$name" = sunset ] && echo "" || echo "-$name")
  mk "clip-16x9$suffix.mp4" 640 360 "$c0" "$c1" "$c2" "$title"
  mk "clip-9x16$suffix.mp4" 360 640 "$c0" "$c1" "$c2" "$title"
  mk "clip-1x1$suffix.mp4" 480 480 "$c0" "$c1" "$c2" "$title"
done <<PALETTES
sunset 0x3a1c71 0xd76d77 0xffaf7b Sunset
ocean 0x0b3d91 0x1fa2ff 0x12d8fa Ocean
forest 0x134e2b 0x3c9d5d 0xa8e063 Forest
ember 0x5a0f0f 0xd1391f 0xf7b733 Ember
aurora 0x1a2a6c 0x2fb89a 0xb5f2c8 Aurora
dusk 0x232526 0x6a4c93 0xc06c84 Dusk
PALETTES
